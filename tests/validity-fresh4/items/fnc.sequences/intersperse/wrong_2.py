# wrong: needs len(seq), so an iterator fails with TypeError.
def intersperse(value, seq):
    for i, item in enumerate(seq):
        yield item
        if i < len(seq) - 1:
            yield value
