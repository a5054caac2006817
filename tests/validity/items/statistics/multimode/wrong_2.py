# wrong: empty data raises instead of returning [] as the docstring says.
from collections import Counter


def multimode(data):
    counts = Counter(data)
    if not counts:
        raise StatisticsError("no mode for empty data")
    top = max(counts.values())
    return [value for value, count in counts.items() if count == top]
