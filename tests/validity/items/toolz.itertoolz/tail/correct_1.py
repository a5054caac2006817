# correct: slices from len(seq) - n for sequences (n <= 0 gives an empty slice), a bounded deque for
# other iterables.
import collections


def tail(n, seq):
    try:
        size = len(seq)
        return seq[max(size - n, 0):] if n > 0 else seq[:0]
    except TypeError:
        return tuple(collections.deque(seq, maxlen=max(n, 0)))
