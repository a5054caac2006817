# correct: negative indexing.
def last(seq):
    return seq[-1]
