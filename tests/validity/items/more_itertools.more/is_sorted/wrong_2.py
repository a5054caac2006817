# wrong: `strict` is ignored, so equal neighbours always pass ([1, 2, 2] with strict=True).
def is_sorted(iterable, key=None, reverse=False, strict=False):
    keys = list(iterable) if key is None else [key(x) for x in iterable]
    return keys == sorted(keys, reverse=reverse)
