# wrong: also puts the separator after the last element.
def intersperse(value, seq):
    for item in seq:
        yield item
        yield value
