# correct: counts with collections.Counter and returns the counts as a defaultdict(int).
from collections import Counter


def count_reps(seq):
    return defaultdict(int, Counter(seq))
