# wrong: the zip idiom drops the last, incomplete chunk.
def chunk(size, seq):
    iterator = iter(seq)
    for piece in zip(*[iterator] * size):
        yield list(piece)
