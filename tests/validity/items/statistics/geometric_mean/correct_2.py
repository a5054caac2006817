# correct: exp of the mean of the logarithms, with a plain running sum.
import math


def geometric_mean(data):
    total, count = 0.0, 0
    for x in data:
        if x <= 0:
            raise StatisticsError("geometric mean requires positive numbers")
        total += math.log(x)
        count += 1
    if count == 0:
        raise StatisticsError("geometric mean requires a non-empty dataset")
    return math.exp(total / count)
