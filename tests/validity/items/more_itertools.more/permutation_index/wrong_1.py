# wrong: ranks items by value (sorted) instead of by their position in `iterable`.
from math import perm


def permutation_index(element, iterable):
    pool = sorted(iterable)
    element = list(element)
    n, r = len(pool), len(element)
    index = 0
    for k, x in enumerate(element):
        rank = pool.index(x)
        index += rank * perm(n - k - 1, r - k - 1)
        del pool[rank]
    return index
