# wrong: takes the middle of the data as given, without sorting it.
def median(data):
    values = list(data)
    n = len(values)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2:
        return values[n // 2]
    return (values[n // 2 - 1] + values[n // 2]) / 2
