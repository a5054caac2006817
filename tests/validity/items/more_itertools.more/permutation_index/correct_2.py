# correct: Horner-style accumulation over positions of the pool (used positions skipped).
def permutation_index(element, iterable):
    pool = list(iterable)
    used = [False] * len(pool)
    remaining = len(pool)
    index = 0
    for x in element:
        for position, item in enumerate(pool):
            if not used[position] and item == x:
                break
        else:
            raise ValueError("element is not a permutation of the iterable")
        rank = sum(1 for p in range(position) if not used[p])
        used[position] = True
        index = index * remaining + rank
        remaining -= 1
    return index
