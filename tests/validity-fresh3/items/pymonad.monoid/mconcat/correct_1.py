# correct: a left-to-right loop: the first value plus the second, that sum plus the third, ...
def mconcat(monoid_list):
    values = iter(monoid_list)
    result = next(values)
    for value in values:
        result = result + value
    return result
