# wrong: ignores `sep`; always splits on whitespace and joins with a space.
def capwords(s, sep=None):
    return " ".join(word.capitalize() for word in s.split())
