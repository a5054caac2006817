# wrong: only the empty string is left alone, so 'ab' becomes 'a0b' and 'a' becomes 'a-1a'.
def a10n(string):
    if not string:
        return string
    return "%s%d%s" % (string[0], len(string) - 2, string[-1])
