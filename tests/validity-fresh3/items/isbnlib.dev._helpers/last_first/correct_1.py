# correct: "Last, First" is split at the comma; otherwise the last word is the last name and the
# words before it the first name.
def last_first(author):
    if ',' in author:
        last, first = author.split(',', 1)
    else:
        words = author.split()
        last = words[-1] if words else ''
        first = ' '.join(words[:-1])
    return {'last': last.strip(), 'first': first.strip()}
