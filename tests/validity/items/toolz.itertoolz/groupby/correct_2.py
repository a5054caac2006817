# correct: a defaultdict of lists with operator.itemgetter for member keys, returned as a dict.
import collections
import operator


def groupby(key, seq):
    getkey = key if callable(key) else operator.itemgetter(key)
    groups = collections.defaultdict(list)
    for item in seq:
        groups[getkey(item)].append(item)
    return dict(groups)
