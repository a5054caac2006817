# correct: a counting loop.
def nth(n, seq):
    for i, item in enumerate(seq):
        if i == n:
            return item
    raise IndexError("sequence index out of range")
