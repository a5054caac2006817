# wrong: str.title() instead of str.capitalize(), so "they're" becomes "They'Re" and "a1b" "A1B".
def capwords(s, sep=None):
    return (sep or " ").join(word.title() for word in s.split(sep))
