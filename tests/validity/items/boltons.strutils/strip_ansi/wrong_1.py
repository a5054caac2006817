# wrong: bytes input comes back as str (the docstring: "Returns the same type as the input").
def strip_ansi(text):
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    return ANSI_SEQUENCES.sub("", text)
