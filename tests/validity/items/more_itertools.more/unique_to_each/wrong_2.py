# wrong: sorts each result instead of preserving input order.
def unique_to_each(*iterables):
    pools = [list(it) for it in iterables]
    result = []
    for i, pool in enumerate(pools):
        others = set()
        for j, other in enumerate(pools):
            if j != i:
                others.update(other)
        result.append(sorted(x for x in pool if x not in others))
    return result
