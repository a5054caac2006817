# wrong: off by one, the second element.
def first(seq):
    return seq[1]
