# correct: sum of rank * perm(remaining - 1, remaining slots - 1) over the positions, ranks taken
# among the not-yet-used items of the pool in pool order.
from math import perm


def permutation_index(element, iterable):
    pool = list(iterable)
    element = list(element)
    n, r = len(pool), len(element)
    index = 0
    for k, x in enumerate(element):
        rank = pool.index(x)
        index += rank * perm(n - k - 1, r - k - 1)
        del pool[rank]
    return index
