# correct: a collections.Counter (a dict subclass).
import collections


def frequencies(seq):
    return collections.Counter(seq)
