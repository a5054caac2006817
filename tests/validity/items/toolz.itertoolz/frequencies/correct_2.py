# correct: a plain dict with get().
def frequencies(seq):
    counts = {}
    for item in seq:
        counts[item] = counts.get(item, 0) + 1
    return counts
