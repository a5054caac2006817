# correct: the longest leading run of tokens whose lengths add up to at most cutoff.
def cutoff_tokens(tokens, cutoff):
    kept = []
    total = 0
    for token in tokens:
        total += len(token)
        if total > cutoff:
            break
        kept.append(token)
    return kept
