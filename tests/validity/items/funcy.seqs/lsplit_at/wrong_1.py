# wrong: off by one: the item at position n goes into the start.
def lsplit_at(n, seq):
    items = list(seq)
    return items[:n + 1], items[n + 1:]
