# correct: for each input, keeps the items absent from the union of all the other inputs.
def unique_to_each(*iterables):
    pools = [list(it) for it in iterables]
    sets = [set(pool) for pool in pools]
    result = []
    for i, pool in enumerate(pools):
        others = set().union(*(s for j, s in enumerate(sets) if j != i))
        result.append([x for x in pool if x not in others])
    return result
