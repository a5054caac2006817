# wrong: off by one, every count starts at 1 before the first occurrence is added.
def frequencies(seq):
    seq = list(seq)
    counts = dict.fromkeys(seq, 1)
    for item in seq:
        counts[item] += 1
    return counts
