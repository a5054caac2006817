# wrong: ignores level and always uses the normal expression.
def get_isbnlike(text, level='normal'):
    return RE_NORMAL.findall(text)
