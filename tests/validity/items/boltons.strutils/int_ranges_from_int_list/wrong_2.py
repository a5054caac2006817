# wrong: ignores `delim` and `range_delim`; always ',' and '-'.
def int_ranges_from_int_list(range_string, delim=',', range_delim='-'):
    result = []
    for item in range_string.split(","):
        if not item.strip():
            continue
        if "-" in item:
            lo, hi = item.split("-", 1)
            result.append((int(lo), int(hi)))
        else:
            result.append((int(item), int(item)))
    return tuple(result)
