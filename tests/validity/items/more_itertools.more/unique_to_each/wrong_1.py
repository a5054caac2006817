# wrong: removes duplicates inside each input (the docstring keeps them: [['p', 'p'], ...]).
def unique_to_each(*iterables):
    pools = [list(dict.fromkeys(it)) for it in iterables]
    result = []
    for i, pool in enumerate(pools):
        others = set()
        for j, other in enumerate(pools):
            if j != i:
                others.update(other)
        result.append([x for x in pool if x not in others])
    return result
