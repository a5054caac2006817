# correct: a counting loop.
def ilen(iterable):
    count = 0
    for _ in iterable:
        count += 1
    return count
