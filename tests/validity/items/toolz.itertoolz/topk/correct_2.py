# correct: a bounded min-heap of (key, -position, item); ties go to the earlier item.
import heapq


def topk(k, seq, key=None):
    if key is not None and not callable(key):
        key = getter(key)
    if k <= 0:
        return ()
    heap = []
    for position, item in enumerate(seq):
        entry = (item if key is None else key(item), -position, item)
        if len(heap) < k:
            heapq.heappush(heap, entry)
        elif entry[:2] > heap[0][:2]:
            heapq.heapreplace(heap, entry)
    heap.sort(key=lambda e: e[:2], reverse=True)
    return tuple(e[2] for e in heap)
