# wrong: keys are the str() of the values, so 1 and '1' are merged and the keys change type.
def frequencies(seq):
    counts = {}
    for item in seq:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return counts
