# correct: a dict from each length to the set of words of that length.
def bysize(words):
    result = {}
    for word in words:
        result.setdefault(len(word), set()).add(word)
    return result
