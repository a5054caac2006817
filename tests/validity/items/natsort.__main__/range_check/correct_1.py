# correct: returns the pair only when high is strictly greater, otherwise raises.
def range_check(low, high):
    if high > low:
        return low, high
    raise ValueError("low must be less than high")
