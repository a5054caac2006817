# wrong: allows low == high (the docstring says greater than or equal raises).
def range_check(low, high):
    if low > high:
        raise ValueError("low must be less than high")
    return low, high
