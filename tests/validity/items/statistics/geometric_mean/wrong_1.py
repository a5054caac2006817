# wrong: a zero in the data gives 0.0 instead of raising StatisticsError.
import math


def geometric_mean(data):
    values = [float(x) for x in data]
    if not values or any(x < 0 for x in values):
        raise StatisticsError("geometric mean requires a non-empty dataset of non-negative numbers")
    if 0.0 in values:
        return 0.0
    return math.exp(math.fsum(math.log(x) for x in values) / len(values))
