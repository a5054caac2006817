# correct: E[x^2] - E[x]^2 computed exactly with Fraction, returned as a float unless the data
# are Fractions or Decimals.
from fractions import Fraction
from decimal import Decimal


def pvariance(data, mu=None):
    values = list(data)
    n = len(values)
    if n == 0:
        raise StatisticsError("pvariance requires at least one data point")
    xs = [Fraction(v) for v in values]
    if mu is None:
        m = sum(xs) / n
        result = sum(x * x for x in xs) / n - m * m
    else:
        m = Fraction(mu)
        result = sum((x - m) ** 2 for x in xs) / n
    if any(isinstance(v, Decimal) for v in values):
        return Decimal(result.numerator) / Decimal(result.denominator)
    if values and all(isinstance(v, Fraction) for v in values):
        return result
    return float(result)
