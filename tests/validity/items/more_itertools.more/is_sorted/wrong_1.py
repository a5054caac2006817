# wrong: ignores `reverse`.
def is_sorted(iterable, key=None, reverse=False, strict=False):
    keys = list(iterable) if key is None else [key(x) for x in iterable]
    for a, b in zip(keys, keys[1:]):
        if (strict and a >= b) or (not strict and a > b):
            return False
    return True
