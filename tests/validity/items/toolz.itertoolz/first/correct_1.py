# correct: returns the first item of a loop.
def first(seq):
    for item in seq:
        return item
    raise StopIteration
