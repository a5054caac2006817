# wrong: divides by n (the population variance), not n - 1.
def variance(data, xbar=None):
    values = list(data)
    n = len(values)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    m = sum(values) / n if xbar is None else xbar
    return sum((x - m) ** 2 for x in values) / n
