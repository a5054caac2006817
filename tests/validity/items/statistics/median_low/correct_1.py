# correct: the ceil(n/2)-th smallest value, found with heapq.nsmallest.
import heapq


def median_low(data):
    values = list(data)
    if not values:
        raise StatisticsError("no median for empty data")
    return heapq.nsmallest((len(values) + 1) // 2, values)[-1]
