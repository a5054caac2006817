# wrong: yields (prev, item) instead of (item, prev).
def with_prev(seq, fill=None):
    prev = fill
    for item in seq:
        yield prev, item
        prev = item
