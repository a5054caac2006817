# wrong: counts all the letters, so 'abbreviation' gives 'a12n' instead of 'a10n'.
def a10n(string):
    if len(string) < 3:
        return string
    return "%s%d%s" % (string[0], len(string), string[-1])
