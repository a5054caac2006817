# wrong: for an even count returns the lower middle value instead of interpolating.
def median(data):
    values = sorted(data)
    n = len(values)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return values[(n - 1) // 2]
