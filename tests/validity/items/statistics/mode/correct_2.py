# correct: Counter, then max() over its items (max keeps the first of equal counts, and a Counter
# remembers first-seen order).
from collections import Counter


def mode(data):
    counts = Counter(data)
    if len(counts) == 0:
        raise StatisticsError("no mode for empty data")
    return max(counts.items(), key=lambda item: item[1])[0]
