# correct: the (n//2 + 1)-th smallest value, found with heapq.nsmallest.
import heapq


def median_high(data):
    values = list(data)
    if not values:
        raise StatisticsError("no median for empty data")
    return heapq.nsmallest(len(values) // 2 + 1, values)[-1]
