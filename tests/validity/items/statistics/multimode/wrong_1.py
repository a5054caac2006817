# wrong: returns only the first mode, even when several values tie.
from collections import Counter


def multimode(data):
    common = Counter(data).most_common(1)
    return [common[0][0]] if common else []
