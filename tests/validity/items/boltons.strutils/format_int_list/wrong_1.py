# wrong: ignores `delim_space`.
def format_int_list(int_list, delim=',', range_delim='-', delim_space=False):
    values = sorted(set(int_list))
    pieces = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        pieces.append(str(values[i]) if i == j else "%d%s%d" % (values[i], range_delim, values[j]))
        i = j + 1
    return delim.join(pieces)
