# correct: sort, then index (n - 1) // 2, which is the middle for odd n and the lower middle
# for even n.
def median_low(data):
    ordered = sorted(data)
    if len(ordered) == 0:
        raise StatisticsError("no median for empty data")
    return ordered[(len(ordered) - 1) // 2]
