# correct: walks the whole iterable keeping the latest item.
def last(seq):
    sentinel = object()
    result = sentinel
    for item in seq:
        result = item
    if result is sentinel:
        raise IndexError("last() of an empty sequence")
    return result
