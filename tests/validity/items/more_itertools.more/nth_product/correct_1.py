# correct: mixed-radix digits from the most significant pool down, with negative indexes counted
# from the end as list indexing does.
def nth_product(index, *args):
    pools = [tuple(pool) for pool in args]
    total = 1
    for pool in pools:
        total *= len(pool)
    if index < 0:
        index += total
    if not 0 <= index < total:
        raise IndexError("product index out of range")
    result = []
    for k, pool in enumerate(pools):
        block = 1
        for later in pools[k + 1:]:
            block *= len(later)
        digit, index = divmod(index, block)
        result.append(pool[digit])
    return tuple(result)
