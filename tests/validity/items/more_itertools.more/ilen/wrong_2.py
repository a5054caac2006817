# wrong: counts distinct items.
def ilen(iterable):
    return len(set(iterable))
