# correct: exact sum of squared deviations with Fraction, then converted back to the data's type
# (whole results from int data stay int).
from fractions import Fraction
from decimal import Decimal


def pvariance(data, mu=None):
    values = list(data)
    n = len(values)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    kinds = {type(v) for v in values}
    if mu is not None:
        kinds.add(type(mu))
        centre = Fraction(mu)
    else:
        centre = sum(Fraction(v) for v in values) / n
    exact = sum((Fraction(v) - centre) ** 2 for v in values) / n
    if Decimal in kinds:
        return Decimal(exact.numerator) / Decimal(exact.denominator)
    if float in kinds:
        return float(exact)
    if Fraction in kinds:
        return exact
    return exact.numerator if exact.denominator == 1 else float(exact)
