# wrong: drops repeated matches, so an ISBN that occurs twice in the text is listed once.
def get_isbnlike(text, level='normal'):
    regex = {'strict': RE_STRICT, 'normal': RE_NORMAL, 'loose': RE_LOOSE}[level]
    return list(dict.fromkeys(regex.findall(text)))
