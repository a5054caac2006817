# wrong: divides by n - 1 (the sample variance), not n.
def pvariance(data, mu=None):
    values = list(data)
    n = len(values)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    m = sum(values) / n if mu is None else mu
    return sum((x - m) ** 2 for x in values) / max(n - 1, 1)
