# correct: lazy walk keeping the previous key, stopping at the first pair out of order.
def is_sorted(iterable, key=None, reverse=False, strict=False):
    it = iter(iterable)
    sentinel = object()
    prev = next(it, sentinel)
    if prev is sentinel:
        return True
    if key is not None:
        prev = key(prev)
    for item in it:
        cur = item if key is None else key(item)
        lo, hi = (cur, prev) if reverse else (prev, cur)
        if (strict and lo >= hi) or (not strict and lo > hi):
            return False
        prev = cur
    return True
