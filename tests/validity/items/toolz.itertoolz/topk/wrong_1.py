# wrong: the k largest in ascending order (the docstring returns them largest first).
def topk(k, seq, key=None):
    if key is not None and not callable(key):
        key = getter(key)
    ordered = sorted(seq, key=key)
    return tuple(ordered[-k:]) if k > 0 else ()
