# wrong: a run of two stays two numbers ('10,11'), but the docstring collapses it to '10-11'.
def format_int_list(int_list, delim=',', range_delim='-', delim_space=False):
    values = sorted(set(int_list))
    pieces = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j - i >= 2:
            pieces.append("%d%s%d" % (values[i], range_delim, values[j]))
        else:
            pieces.extend(str(v) for v in values[i:j + 1])
        i = j + 1
    return (delim + " " if delim_space else delim).join(pieces)
