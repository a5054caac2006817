# wrong: needs hashable items (the docstring allows a mix of hashable and unhashable ones) and a
# sized argument.
def all_unique(iterable, key=None):
    keys = iterable if key is None else [key(x) for x in iterable]
    return len(set(keys)) == len(keys)
