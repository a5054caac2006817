# wrong: a possibility scoring exactly `cutoff` is dropped (the docstring keeps scores of at least
# the cutoff).
def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if not n > 0:
        raise ValueError("n must be > 0: %r" % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]: %r" % (cutoff,))
    scored = [(SequenceMatcher(None, x, word).ratio(), x) for x in possibilities]
    scored = [pair for pair in scored if pair[0] > cutoff]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return [x for _, x in scored[:n]]
