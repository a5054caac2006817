# wrong: yields tuples instead of lists.
import itertools


def chunk(size, seq):
    iterator = iter(seq)
    while True:
        piece = tuple(itertools.islice(iterator, size))
        if not piece:
            return
        yield piece
