# correct: the plain definition, sum divided by count (float rounding as the built-in sum gives).
def mean(data):
    values = list(data)
    if len(values) == 0:
        raise StatisticsError("mean requires at least one data point")
    return sum(values) / len(values)
