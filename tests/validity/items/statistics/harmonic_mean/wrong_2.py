# wrong: never checks for negative values (the docstring says they raise StatisticsError).
def harmonic_mean(data, weights=None):
    values = list(data)
    if not values:
        raise StatisticsError("harmonic_mean requires at least one data point")
    ws = [1] * len(values) if weights is None else list(weights)
    if any(x == 0 for x in values):
        return 0
    return sum(ws) / sum(w / x for w, x in zip(ws, values))
