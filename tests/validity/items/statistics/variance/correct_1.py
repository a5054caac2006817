# correct: exact sum of squared deviations with Fraction, then converted back to the data's type
# (whole results from int data stay int).
from fractions import Fraction
from decimal import Decimal


def variance(data, xbar=None):
    values = list(data)
    n = len(values)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    kinds = {type(v) for v in values}
    if xbar is not None:
        kinds.add(type(xbar))
        centre = Fraction(xbar)
    else:
        centre = sum(Fraction(v) for v in values) / n
    exact = sum((Fraction(v) - centre) ** 2 for v in values) / (n - 1)
    if Decimal in kinds:
        return Decimal(exact.numerator) / Decimal(exact.denominator)
    if float in kinds:
        return float(exact)
    if Fraction in kinds:
        return exact
    return exact.numerator if exact.denominator == 1 else float(exact)
