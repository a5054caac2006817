# correct: round-robin: takes the next item of each sequence in turn, dropping sequences as they
# run out (the docstring does not say what happens to uneven lengths).
def interleave(*seqs):
    iterators = [iter(seq) for seq in seqs]
    while iterators:
        alive = []
        for iterator in iterators:
            try:
                item = next(iterator)
            except StopIteration:
                continue
            yield item
            alive.append(iterator)
        iterators = alive
