# correct: materialises the keys and checks each adjacent pair.
def is_sorted(iterable, key=None, reverse=False, strict=False):
    keys = list(iterable) if key is None else [key(x) for x in iterable]
    for a, b in zip(keys, keys[1:]):
        if reverse:
            a, b = b, a
        if strict:
            if not a < b:
                return False
        elif b < a:
            return False
    return True
