# correct: scores every possibility with SequenceMatcher.ratio() and sorts by score (a stable sort:
# equal scores keep the order of `possibilities`).
def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if not n > 0:
        raise ValueError("n must be > 0: %r" % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]: %r" % (cutoff,))
    scored = []
    for candidate in possibilities:
        score = SequenceMatcher(None, candidate, word).ratio()
        if score >= cutoff:
            scored.append((score, candidate))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return [candidate for _, candidate in scored[:n]]
