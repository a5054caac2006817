# wrong: weights the ranks as for full-length permutations (factorials), wrong when len(element)
# is shorter than the iterable.
from math import factorial


def permutation_index(element, iterable):
    pool = list(iterable)
    index = 0
    n = len(pool)
    for k, x in enumerate(element):
        rank = pool.index(x)
        index += rank * factorial(n - k - 1)
        del pool[rank]
    return index
