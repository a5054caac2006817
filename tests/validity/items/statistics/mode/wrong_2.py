# wrong: empty data returns None instead of raising StatisticsError.
from collections import Counter


def mode(data):
    common = Counter(data).most_common(1)
    return common[0][0] if common else None
