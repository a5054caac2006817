# correct: exact centred sums with Fraction, one float square root at the end.
import math
from fractions import Fraction


def correlation(x, y, /):
    xs, ys = [Fraction(v) for v in x], [Fraction(v) for v in y]
    n = len(xs)
    if n != len(ys):
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(xs, ys))
    sxx = sum((a - mx) ** 2 for a in xs)
    syy = sum((b - my) ** 2 for b in ys)
    if sxx == 0 or syy == 0:
        raise StatisticsError("at least one of the inputs is constant")
    return float(sxy) / math.sqrt(float(sxx * syy))
