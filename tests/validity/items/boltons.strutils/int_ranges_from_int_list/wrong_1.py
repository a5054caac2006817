# wrong: a list of lists, where the docstring shows a tuple of tuples.
def int_ranges_from_int_list(range_string, delim=',', range_delim='-'):
    values = sorted(set(parse_int_list(range_string, delim, range_delim)))
    ranges = []
    for v in values:
        if ranges and v == ranges[-1][1] + 1:
            ranges[-1][1] = v
        else:
            ranges.append([v, v])
    return ranges
