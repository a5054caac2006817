# wrong: ignores `weights`.
def harmonic_mean(data, weights=None):
    values = list(data)
    if not values:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if any(x < 0 for x in values):
        raise StatisticsError("harmonic mean does not support negative values")
    if any(x == 0 for x in values):
        return 0
    return len(values) / sum(1 / x for x in values)
