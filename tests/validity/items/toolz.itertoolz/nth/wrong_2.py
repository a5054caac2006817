# wrong: returns a one-element slice, not the element (same as the element only for strings).
def nth(n, seq):
    return seq[n:n + 1]
