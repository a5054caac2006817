# wrong: yields sep after every item, leaving a trailing sep.
def interpose(sep, seq):
    for item in seq:
        yield item
        yield sep
