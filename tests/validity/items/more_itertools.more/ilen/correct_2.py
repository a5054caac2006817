# correct: sums ones over the items.
def ilen(iterable):
    return sum(1 for _ in iterable)
