# wrong: integer division, so mean([1, 2, 3, 4, 4]) is 2, not 2.8.
def mean(data):
    values = list(data)
    if not values:
        raise StatisticsError("mean requires at least one data point")
    return sum(values) // len(values)
