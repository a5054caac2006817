# wrong: only strips colour codes (ESC [ ... m); cursor moves, erases and two-byte escapes stay.
import re


def strip_ansi(text):
    if isinstance(text, (bytes, bytearray)):
        return type(text)(re.sub(rb"\x1b\[[0-9;]*m", b"", bytes(text)))
    return re.sub(r"\x1b\[[0-9;]*m", "", text)
