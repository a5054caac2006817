# correct: dict.setdefault, with a non-callable key read as item[key].
def groupby(key, seq):
    if not callable(key):
        member = key
        key = lambda item: item[member]
    groups = {}
    for item in seq:
        groups.setdefault(key(item), []).append(item)
    return groups
