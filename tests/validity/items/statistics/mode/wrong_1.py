# wrong: on ties returns the last value encountered, not the first.
def mode(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        raise StatisticsError("no mode for empty data")
    best, best_count = None, 0
    for value, count in counts.items():
        if count >= best_count:
            best, best_count = value, count
    return best
