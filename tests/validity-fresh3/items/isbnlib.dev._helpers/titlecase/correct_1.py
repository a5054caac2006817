# correct: a scan that upper-cases each letter that starts a word (a run of letters, an apostrophe
# inside a word like "don't" not starting a new one) and leaves every other character unchanged.
def titlecase(st):
    out = []
    prev = ''
    for i, ch in enumerate(st):
        starts = (ch.isascii() and ch.isalpha() and not (prev.isascii() and prev.isalpha())
                  and not (prev == "'" and i >= 2 and st[i - 2].isascii() and st[i - 2].isalpha()))
        out.append(ch.upper() if starts else ch)
        prev = ch
    return ''.join(out)
