# wrong: off by one, returns n - 1 elements.
def tail(n, seq):
    return seq[len(seq) - n + 1:]
