# wrong: does not sort the data first.
def median_low(data):
    values = list(data)
    if not values:
        raise StatisticsError("no median for empty data")
    return values[(len(values) - 1) // 2]
