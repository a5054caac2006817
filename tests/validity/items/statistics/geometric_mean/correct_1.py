# correct: the n-th root of the product.
import math


def geometric_mean(data):
    values = [float(x) for x in data]
    if not values or any(x <= 0 for x in values):
        raise StatisticsError("geometric mean requires a non-empty dataset containing positive numbers")
    return math.prod(values) ** (1.0 / len(values))
