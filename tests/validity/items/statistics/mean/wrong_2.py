# wrong: empty data gives 0 instead of raising StatisticsError as the docstring says.
def mean(data):
    values = list(data)
    if not values:
        return 0
    return sum(values) / len(values)
