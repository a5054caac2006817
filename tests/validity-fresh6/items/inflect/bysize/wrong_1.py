# wrong: lists of words (duplicates kept, order of input), not sets.
def bysize(words):
    result = {}
    for word in words:
        result.setdefault(len(word), []).append(word)
    return result
