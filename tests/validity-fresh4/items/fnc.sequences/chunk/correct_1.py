# correct: lists of `size` consecutive elements, the last one shorter when the elements run out.
import itertools


def chunk(size, seq):
    iterator = iter(seq)
    while True:
        piece = list(itertools.islice(iterator, size))
        if not piece:
            return
        yield piece
