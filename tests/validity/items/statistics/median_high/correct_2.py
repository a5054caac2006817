# correct: sort in descending order and take index (n - 1) // 2.
def median_high(data):
    ordered = sorted(data, reverse=True)
    if not ordered:
        raise StatisticsError("no median for empty data")
    return ordered[(len(ordered) - 1) // 2]
