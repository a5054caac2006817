# correct: counts in a dict and keeps every value with the top count, in first-seen order.
def multimode(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return [value for value, count in counts.items() if count == top]
