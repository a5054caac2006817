# wrong: empty data gives None instead of raising StatisticsError.
def median_high(data):
    ordered = sorted(data)
    if not ordered:
        return None
    return ordered[len(ordered) // 2]
