# wrong: groups aligned from the left (the short group last).
def _grouped_from_right(digits, size=3):
    if not digits:
        yield digits
        return
    for index in range(0, len(digits), size):
        yield digits[index:index + size]
