# wrong: counts the spaces that would join the tokens too, so fewer tokens are kept.
def cutoff_tokens(tokens, cutoff):
    kept = []
    for token in tokens:
        if len(' '.join(kept + [token])) > cutoff:
            break
        kept.append(token)
    return kept
