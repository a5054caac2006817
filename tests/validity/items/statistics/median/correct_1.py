# correct: quickselect (no full sort); the mean of the two middle order statistics when even.
def _alt_select(seq, k):
    pivot = seq[len(seq) // 2]
    lows = [x for x in seq if x < pivot]
    highs = [x for x in seq if x > pivot]
    equal = len(seq) - len(lows) - len(highs)
    if k < len(lows):
        return _alt_select(lows, k)
    if k < len(lows) + equal:
        return pivot
    return _alt_select(highs, k - len(lows) - equal)


def median(data):
    values = list(data)
    n = len(values)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2:
        return _alt_select(values, n // 2)
    return (_alt_select(values, n // 2 - 1) + _alt_select(values, n // 2)) / 2
