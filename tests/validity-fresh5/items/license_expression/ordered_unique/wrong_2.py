# wrong: keeps each item at its last occurrence instead of its first.
def ordered_unique(seq):
    items = list(seq or [])
    result = []
    for i, item in enumerate(items):
        if item not in items[i + 1:]:
            result.append(item)
    return result
