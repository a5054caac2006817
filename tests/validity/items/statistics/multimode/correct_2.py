# correct: sorts the data and groups equal runs; the modes come out in sorted order (the docstring
# does not fix an order).
from itertools import groupby


def multimode(data):
    runs = [(value, len(list(group))) for value, group in groupby(sorted(data))]
    if not runs:
        return []
    top = max(length for _, length in runs)
    return [value for value, length in runs if length == top]
