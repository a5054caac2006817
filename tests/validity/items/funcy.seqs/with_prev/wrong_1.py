# wrong: ignores `fill`; the first item is always paired with None.
def with_prev(seq, fill=None):
    prev = None
    for item in seq:
        yield item, prev
        prev = item
