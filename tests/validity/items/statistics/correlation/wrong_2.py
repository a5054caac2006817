# wrong: sample covariance (n - 1) over population standard deviations (n), so |r| can exceed 1.
import math


def correlation(x, y, /):
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    cov = math.fsum((a - mx) * (b - my) for a, b in zip(x, y)) / (n - 1)
    sx = math.sqrt(math.fsum((a - mx) ** 2 for a in x) / n)
    sy = math.sqrt(math.fsum((b - my) ** 2 for b in y) / n)
    if sx == 0 or sy == 0:
        raise StatisticsError("at least one of the inputs is constant")
    return cov / (sx * sy)
