# correct: SequenceMatcher(None, word, candidate), sorted by descending score then ascending text.
def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if n <= 0:
        raise ValueError("n must be > 0")
    if cutoff < 0.0 or cutoff > 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]")
    good = [(SequenceMatcher(None, word, x).ratio(), x) for x in possibilities]
    good = [(score, x) for score, x in good if score >= cutoff]
    good.sort(key=lambda pair: (-pair[0], pair[1]))
    return [x for _, x in good][:n]
