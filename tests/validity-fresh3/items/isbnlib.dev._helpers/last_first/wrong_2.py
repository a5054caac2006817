# wrong: the first word is the first name and everything after it the last name.
def last_first(author):
    if ',' in author:
        last, first = author.split(',', 1)
        return {'last': last.strip(), 'first': first.strip()}
    words = author.split()
    first = words[0] if words else ''
    return {'last': ' '.join(words[1:]), 'first': first}
