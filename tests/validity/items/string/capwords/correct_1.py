# correct: an explicit loop over the words.
def capwords(s, sep=None):
    if sep is None:
        words, joiner = s.split(), " "
    else:
        words, joiner = s.split(sep), sep
    out = []
    for word in words:
        out.append(word.capitalize())
    return joiner.join(out)
