# correct: reads each comma-separated item as a number or a start-end range, in the order given.
def int_ranges_from_int_list(range_string, delim=',', range_delim='-'):
    result = []
    for item in range_string.strip().split(delim):
        item = item.strip()
        if not item:
            continue
        if range_delim in item:
            lo, hi = (int(part) for part in item.split(range_delim, 1))
            result.append((min(lo, hi), max(lo, hi)))
        else:
            result.append((int(item), int(item)))
    return tuple(result)
