# wrong: a negative index raises instead of counting from the end as list(...)[index] does.
def nth_product(index, *args):
    pools = [tuple(pool) for pool in args]
    total = 1
    for pool in pools:
        total *= len(pool)
    if not 0 <= index < total:
        raise IndexError
    result = []
    for pool in reversed(pools):
        index, digit = divmod(index, len(pool))
        result.append(pool[digit])
    return tuple(reversed(result))
