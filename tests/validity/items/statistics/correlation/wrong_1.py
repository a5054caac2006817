# wrong: forgets to centre the data (this is the cosine similarity, not Pearson's r).
import math


def correlation(x, y, /):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    sxy = math.fsum(a * b for a, b in zip(x, y))
    sxx = math.fsum(a * a for a in x)
    syy = math.fsum(b * b for b in y)
    if sxx == 0 or syy == 0:
        raise StatisticsError("at least one of the inputs is constant")
    return sxy / math.sqrt(sxx * syy)
