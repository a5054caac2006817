# correct: keeps an item when no earlier item equals it (works for unhashable items too).
def ordered_unique(seq):
    result = []
    for index, item in enumerate(seq or []):
        if not any(item == kept for kept in result):
            result.append(item)
    return result
