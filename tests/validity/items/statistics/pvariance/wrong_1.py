# wrong: ignores `mu` and always recomputes the mean.
def pvariance(data, mu=None):
    values = list(data)
    n = len(values)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    m = sum(values) / n
    return sum((x - m) ** 2 for x in values) / n
