# correct: a generator that yields sep before every item but the first.
def interpose(sep, seq):
    first = True
    for item in seq:
        if not first:
            yield sep
        first = False
        yield item
