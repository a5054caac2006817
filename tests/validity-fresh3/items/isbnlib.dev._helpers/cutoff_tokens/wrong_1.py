# wrong: a strict bound: a run whose total length equals cutoff loses its last token.
def cutoff_tokens(tokens, cutoff):
    kept = []
    total = 0
    for token in tokens:
        total += len(token)
        if total >= cutoff:
            break
        kept.append(token)
    return kept
