# correct: heapq.nsmallest for the lower half plus one, then the middle element(s).
import heapq


def median(data):
    values = list(data)
    n = len(values)
    if not n:
        raise StatisticsError("no median for empty data")
    low = heapq.nsmallest(n // 2 + 1, values)
    if n % 2 == 1:
        return low[-1]
    return (low[-2] + low[-1]) / 2
