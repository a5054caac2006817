# correct: exact arithmetic with Fraction, then the result in the data's type (int data gives an
# int when the mean is whole, else a float; Decimal, Fraction and float data keep their type).
from fractions import Fraction
from decimal import Decimal
import math


def mean(data):
    values = list(data)
    if not values:
        raise StatisticsError("mean requires at least one data point")
    kinds = {type(v) for v in values}
    if float in kinds and not all(math.isfinite(v) for v in values if isinstance(v, float)):
        return sum(float(v) for v in values) / len(values)
    exact = sum(Fraction(v) for v in values) / len(values)
    if Decimal in kinds:
        return Decimal(exact.numerator) / Decimal(exact.denominator)
    if float in kinds:
        return float(exact)
    if Fraction in kinds:
        return exact
    return exact.numerator if exact.denominator == 1 else float(exact)
