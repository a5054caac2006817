# wrong: empty words are skipped (no entry for length 0).
def bysize(words):
    result = {}
    for word in words:
        if word:
            result.setdefault(len(word), set()).add(word)
    return result
