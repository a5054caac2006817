# correct: explicit iterators, one full round at a time, stopping when any sequence runs out.
def interleave(*seqs):
    iterators = [iter(seq) for seq in seqs]
    if not iterators:
        return
    while True:
        round_ = []
        for iterator in iterators:
            try:
                round_.append(next(iterator))
            except StopIteration:
                return
        yield from round_
