# wrong: only printable ASCII counts, so tabs, newlines and other control characters are "not
# ascii".
def is_ascii(text):
    if isinstance(text, bytes):
        return all(32 <= b < 127 for b in text)
    if isinstance(text, str):
        return all(" " <= ch <= "~" for ch in text)
    raise ValueError("expected text or bytes, not %r" % type(text))
