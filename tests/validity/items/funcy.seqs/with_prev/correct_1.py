# correct: tee() the sequence and zip it with a copy shifted by the fill value.
def with_prev(seq, fill=None):
    items, previous = tee(seq)
    return zip(items, chain([fill], previous))
