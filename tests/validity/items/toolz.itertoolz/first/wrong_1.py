# wrong: returns a one-element slice, not the element (same as the element only for strings).
def first(seq):
    return seq[:1]
