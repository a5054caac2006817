# correct: the same quoting, with the empty test written as len(s) == 0 (s is a string).
def quote(s):
    if len(s) == 0:
        return "''"
    if _find_unsafe(s) is None:
        return s
    pieces = []
    for ch in s:
        pieces.append("'\"'\"'" if ch == "'" else ch)
    return "'" + "".join(pieces) + "'"
