# wrong: the key function is ignored (values compared as they are).
import heapq


def nlargest(n, mapping, key=None):
    return [k for k, _ in heapq.nlargest(n, mapping.items(), lambda item: item[1])]
