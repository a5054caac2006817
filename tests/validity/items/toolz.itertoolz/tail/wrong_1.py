# wrong: drops the first n elements instead of keeping the last n (that is `drop`).
def tail(n, seq):
    return seq[n:]
