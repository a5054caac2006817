# wrong: escapes a single quote as \' inside single quotes, which no POSIX shell accepts.
def quote(s):
    if not s:
        return "''"
    if _find_unsafe(s) is None:
        return s
    return "'" + s.replace("'", "\\'") + "'"
