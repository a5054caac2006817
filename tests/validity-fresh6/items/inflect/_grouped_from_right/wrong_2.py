# wrong: the size argument is ignored (always groups of three).
def _grouped_from_right(digits, size=3):
    first = len(digits) % 3 or 3
    yield digits[:first]
    for index in range(first, len(digits), 3):
        yield digits[index:index + 3]
