# wrong: index n // 2, which is the high median for an even count.
def median_low(data):
    ordered = sorted(data)
    if not ordered:
        raise StatisticsError("no median for empty data")
    return ordered[len(ordered) // 2]
