# wrong: counts runs of consecutive repetitions, so a value's later run overwrites its earlier
# count.
from itertools import groupby


def count_reps(seq):
    counts = defaultdict(int)
    for value, run in groupby(seq):
        counts[value] = len(list(run))
    return counts
