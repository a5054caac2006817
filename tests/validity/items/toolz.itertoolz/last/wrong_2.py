# wrong: the largest element, not the last one.
def last(seq):
    return max(seq)
