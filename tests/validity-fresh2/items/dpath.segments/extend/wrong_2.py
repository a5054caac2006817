# wrong: returns a new, extended list and leaves the sequence passed in unchanged.
def extend(thing, index, value=None):
    return list(thing) + [value] * max(0, index + 1 - len(thing))
