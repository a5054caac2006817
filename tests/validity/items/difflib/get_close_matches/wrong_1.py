# wrong: ignores `n`; returns every match above the cutoff.
def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    scored = [(SequenceMatcher(None, x, word).ratio(), x) for x in possibilities]
    scored = [pair for pair in scored if pair[0] >= cutoff]
    scored.sort(key=lambda pair: pair[0], reverse=True)
    return [x for _, x in scored]
