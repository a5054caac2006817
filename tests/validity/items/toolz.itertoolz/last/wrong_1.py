# wrong: returns a one-element slice, not the element (same as the element only for strings).
def last(seq):
    return seq[-1:]
