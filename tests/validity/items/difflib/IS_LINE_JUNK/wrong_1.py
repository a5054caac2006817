# wrong: ignores `pat`; decides with str.strip() instead.
def IS_LINE_JUNK(line, pat=re.compile(r"\s*(?:#\s*)?$").match):
    stripped = line.strip()
    return stripped == "" or stripped == "#"
