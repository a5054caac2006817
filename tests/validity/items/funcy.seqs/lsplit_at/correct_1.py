# correct: materialises the sequence and slices it.
def lsplit_at(n, seq):
    items = list(seq)
    return items[:n], items[n:]
