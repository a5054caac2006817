# correct: recursion on the first pool: the index's quotient by the size of the rest picks the item.
def _alt_nth(index, pools):
    if not pools:
        return ()
    rest = 1
    for pool in pools[1:]:
        rest *= len(pool)
    return (pools[0][index // rest],) + _alt_nth(index % rest, pools[1:])


def nth_product(index, *args):
    pools = [tuple(a) for a in args]
    size = 1
    for pool in pools:
        size *= len(pool)
    if index < 0:
        index += size
    if index < 0 or index >= size:
        raise IndexError
    return _alt_nth(index, pools)
