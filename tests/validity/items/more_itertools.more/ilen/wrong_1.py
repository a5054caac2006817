# wrong: len() of the argument, which fails on the generators the docstring shows.
def ilen(iterable):
    return len(iterable)
