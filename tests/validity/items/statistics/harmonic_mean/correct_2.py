# correct: the plain formula sum(w) / sum(w / x); zero values give 0.0, negatives raise.
def harmonic_mean(data, weights=None):
    values = list(data)
    if not values:
        raise StatisticsError("harmonic_mean requires at least one data point")
    ws = [1] * len(values) if weights is None else list(weights)
    if len(ws) != len(values):
        raise StatisticsError("Number of weights does not match data size")
    for v in values + ws:
        if v < 0:
            raise StatisticsError("harmonic mean does not support negative values")
    if any(x == 0 for x in values):
        return 0.0
    return sum(ws) / sum(w / x for w, x in zip(ws, values))
