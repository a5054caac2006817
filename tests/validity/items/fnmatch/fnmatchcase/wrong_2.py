# wrong: anchors only the start of the name (re.match on a pattern without \Z), so a name
# that merely begins with a match passes ("abc" matches "ab").
import re


def fnmatchcase(name, pat):
    regex = ""
    for c in pat:
        if c == "*":
            regex += ".*"
        elif c == "?":
            regex += "."
        else:
            regex += re.escape(c)
    return re.match(regex, name, re.DOTALL) is not None
