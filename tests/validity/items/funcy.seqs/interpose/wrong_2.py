# wrong: yields sep before every item, including the first.
def interpose(sep, seq):
    for item in seq:
        yield sep
        yield item
