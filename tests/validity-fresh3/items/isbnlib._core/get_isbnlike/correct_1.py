# correct: every non-overlapping match, in order, of the level's regular expression (strict,
# normal or loose).
def get_isbnlike(text, level='normal'):
    regex = {'strict': RE_STRICT, 'normal': RE_NORMAL, 'loose': RE_LOOSE}[level]
    return [m.group(0) for m in regex.finditer(text)]
