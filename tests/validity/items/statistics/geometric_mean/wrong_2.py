# wrong: takes absolute values, so negative data are accepted instead of raising.
import math


def geometric_mean(data):
    values = [abs(float(x)) for x in data]
    if not values or 0.0 in values:
        raise StatisticsError("geometric mean requires a non-empty dataset of non-zero numbers")
    return math.exp(math.fsum(math.log(x) for x in values) / len(values))
