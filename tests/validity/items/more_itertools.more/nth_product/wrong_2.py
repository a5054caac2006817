# wrong: treats the first pool as the fastest-changing digit (the reverse of product's order).
def nth_product(index, *args):
    pools = [tuple(pool) for pool in args]
    total = 1
    for pool in pools:
        total *= len(pool)
    if index < 0:
        index += total
    if not 0 <= index < total:
        raise IndexError
    result = []
    for pool in pools:
        index, digit = divmod(index, len(pool))
        result.append(pool[digit])
    return tuple(result)
