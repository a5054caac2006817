# wrong: no support for non-callable keys (the docstring groups on a member with one).
def groupby(key, seq):
    groups = {}
    for item in seq:
        groups.setdefault(key(item), []).append(item)
    return groups
