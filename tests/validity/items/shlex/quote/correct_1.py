# correct: checks every character against the safe set by hand; unsafe strings are wrapped in
# single quotes with embedded single quotes written as '"'"'.
import string


def quote(s):
    if not s:
        return "''"
    safe = set(string.ascii_letters + string.digits + "@%+=:,./-_")
    if all(ch in safe for ch in s):
        return s
    return "'" + "'\"'\"'".join(s.split("'")) + "'"
