# wrong: only blank lines count; a line holding a single '#' is not junk here.
def IS_LINE_JUNK(line, pat=re.compile(r"\s*(?:#\s*)?$").match):
    return not line.strip()
