# correct: groups the sorted distinct values into runs with the value-minus-position trick.
import itertools


def format_int_list(int_list, delim=',', range_delim='-', delim_space=False):
    values = sorted(set(int_list))
    pieces = []
    for _, run in itertools.groupby(enumerate(values), key=lambda pair: pair[1] - pair[0]):
        run = [v for _, v in run]
        if len(run) == 1:
            pieces.append("%d" % run[0])
        else:
            pieces.append("%d%s%d" % (run[0], range_delim, run[-1]))
    joiner = delim + " " if delim_space else delim
    return joiner.join(pieces)
