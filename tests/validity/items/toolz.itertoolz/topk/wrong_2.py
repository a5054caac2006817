# wrong: ignores `key`.
import heapq


def topk(k, seq, key=None):
    return tuple(heapq.nlargest(k, seq))
