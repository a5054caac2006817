# correct: the truth value of the match.
def IS_LINE_JUNK(line, pat=re.compile(r"\s*(?:#\s*)?$").match):
    return bool(pat(line))
