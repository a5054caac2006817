# correct: records which inputs each element occurs in; keeps the ones seen in a single input.
def unique_to_each(*iterables):
    pools = [list(it) for it in iterables]
    owners = {}
    for i, pool in enumerate(pools):
        for x in pool:
            owners.setdefault(x, set()).add(i)
    return [[x for x in pool if len(owners[x]) == 1] for pool in pools]
