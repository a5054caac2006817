# correct: a scan that extends the current run while the next value is one more.
def format_int_list(int_list, delim=',', range_delim='-', delim_space=False):
    values = sorted(set(int_list))
    pieces = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if i == j:
            pieces.append("{:d}".format(values[i]))
        else:
            pieces.append("{:d}{}{:d}".format(values[i], range_delim, values[j]))
        i = j + 1
    return (delim + (" " if delim_space else "")).join(pieces)
