# correct: the first group takes what is left over (a full group when the length divides), then groups of `size`.
def _grouped_from_right(digits, size=3):
    first = len(digits) % size or size
    yield digits[:first]
    index = first
    while index < len(digits):
        yield digits[index:index + size]
        index += size
