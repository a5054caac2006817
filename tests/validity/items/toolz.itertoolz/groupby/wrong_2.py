# wrong: itertools.groupby groups only consecutive items, so a later run overwrites an earlier
# group (the docstring warns not to confuse the two).
import itertools


def groupby(key, seq):
    if not callable(key):
        member = key
        key = lambda item: item[member]
    return {k: list(group) for k, group in itertools.groupby(seq, key)}
