# wrong: the sign is reversed (positive when a < b).
def _cmp(a, b):
    return (a < b) - (a > b)
