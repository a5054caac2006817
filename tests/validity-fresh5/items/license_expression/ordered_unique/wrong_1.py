# wrong: a set of the items, so their original order is lost.
def ordered_unique(seq):
    return list(set(seq or []))
