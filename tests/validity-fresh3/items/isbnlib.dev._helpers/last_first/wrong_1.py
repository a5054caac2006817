# wrong: ignores the "Last, First" form: the comma stays and the last word is taken as last name.
def last_first(author):
    words = author.split()
    last = words[-1] if words else ''
    return {'last': last, 'first': ' '.join(words[:-1])}
