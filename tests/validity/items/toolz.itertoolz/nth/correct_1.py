# correct: islice for any iterable.
import itertools


def nth(n, seq):
    return next(itertools.islice(seq, n, None))
