# correct: exact reciprocal sums with Fraction; a zero value gives 0; negatives raise.
from fractions import Fraction
from decimal import Decimal


def harmonic_mean(data, weights=None):
    values = list(data)
    n = len(values)
    if n == 0:
        raise StatisticsError("harmonic_mean requires at least one data point")
    ws = [1] * n if weights is None else list(weights)
    if len(ws) != n:
        raise StatisticsError("Number of weights does not match data size")
    if any(x < 0 for x in values) or any(w < 0 for w in ws):
        raise StatisticsError("harmonic mean does not support negative values")
    if any(x == 0 for x, w in zip(values, ws) if w):
        return 0
    total = sum(Fraction(w) / Fraction(x) for x, w in zip(values, ws) if w)
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    result = sum(Fraction(w) for w in ws) / total
    if any(isinstance(x, Decimal) for x in values):
        return Decimal(result.numerator) / Decimal(result.denominator)
    if all(isinstance(x, Fraction) for x in values):
        return result
    return float(result)
