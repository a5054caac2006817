# wrong: the empty string comes back empty, so it disappears from a command line.
def quote(s):
    if _find_unsafe(s) is None:
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"
