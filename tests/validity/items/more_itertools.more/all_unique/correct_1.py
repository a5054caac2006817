# correct: a set of seen hashable keys plus a list for unhashable ones.
def all_unique(iterable, key=None):
    seen_hashable = set()
    seen_other = []
    for item in iterable:
        k = item if key is None else key(item)
        try:
            if k in seen_hashable:
                return False
            seen_hashable.add(k)
        except TypeError:
            if k in seen_other:
                return False
            seen_other.append(k)
    return True
