# correct: a regular expression splits on whitespace runs when no separator is given.
import re


def capwords(s, sep=None):
    if sep is None:
        words = [w for w in re.split(r"\s+", s.strip()) if w]
        return " ".join(w.capitalize() for w in words)
    return sep.join(w.capitalize() for w in s.split(sep))
