# correct: every code point or byte below 128; anything but str or bytes raises ValueError.
def is_ascii(text):
    if isinstance(text, str):
        return all(ord(ch) < 128 for ch in text)
    if isinstance(text, bytes):
        return all(b < 128 for b in text)
    raise ValueError("expected text or bytes, not %r" % type(text))
