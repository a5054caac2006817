# correct: an explicit test on the match object.
def IS_LINE_JUNK(line, pat=re.compile(r"\s*(?:#\s*)?$").match):
    found = pat(line)
    if found is None:
        return False
    return True
