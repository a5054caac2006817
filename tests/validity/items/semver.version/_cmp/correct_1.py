# correct: explicit branches returning -1, 0 or 1.
def _cmp(a, b):
    if a < b:
        return -1
    if b < a:
        return 1
    return 0
