# wrong: drops the item at position n (the tail starts after it).
def lsplit_at(n, seq):
    items = list(seq)
    return items[:n], items[n + 1:]
