# correct: str.isascii / bytes.isascii.
def is_ascii(text):
    if not isinstance(text, (str, bytes)):
        raise ValueError("expected text or bytes, not %r" % type(text))
    return text.isascii()
