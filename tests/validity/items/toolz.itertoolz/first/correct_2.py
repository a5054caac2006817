# correct: indexing, for a sequence.
def first(seq):
    return seq[0]
