# wrong: only the built-in containers count; generators, ranges and other iterables do not.
def _iterable(obj):
    return isinstance(obj, (list, tuple, set, frozenset, dict))
