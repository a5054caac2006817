# wrong: ignores `key`.
def all_unique(iterable, key=None):
    items = list(iterable)
    try:
        return len(set(items)) == len(items)
    except TypeError:
        return all(items[i] not in items[:i] for i in range(len(items)))
