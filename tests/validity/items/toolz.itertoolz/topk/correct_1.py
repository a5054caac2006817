# correct: a full stable sort, descending, first k items.
def topk(k, seq, key=None):
    if k <= 0:
        return ()
    if key is not None and not callable(key):
        key = getter(key)
    return tuple(sorted(seq, key=key, reverse=True)[:k])
