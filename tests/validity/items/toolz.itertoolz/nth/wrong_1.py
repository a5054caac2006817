# wrong: 1-based (nth(1, 'ABC') must be 'B').
def nth(n, seq):
    return seq[n - 1]
