# correct: the one-pass textbook formula (n*Sxy - Sx*Sy) / sqrt((n*Sxx - Sx^2)(n*Syy - Sy^2)).
import math


def correlation(x, y, /):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    sx, sy = math.fsum(x), math.fsum(y)
    sxx = math.fsum(a * a for a in x)
    syy = math.fsum(b * b for b in y)
    sxy = math.fsum(a * b for a, b in zip(x, y))
    vx = n * sxx - sx * sx
    vy = n * syy - sy * sy
    if vx <= 0 or vy <= 0:
        raise StatisticsError("at least one of the inputs is constant")
    return (n * sxy - sx * sy) / math.sqrt(vx * vy)
