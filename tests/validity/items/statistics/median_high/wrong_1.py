# wrong: index (n - 1) // 2 of the ascending order: the low median for an even count.
def median_high(data):
    ordered = sorted(data)
    if not ordered:
        raise StatisticsError("no median for empty data")
    return ordered[(len(ordered) - 1) // 2]
