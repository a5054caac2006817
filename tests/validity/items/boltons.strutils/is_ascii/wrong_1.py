# wrong: returns False for non-text instead of raising ValueError as the docstring says.
def is_ascii(text):
    if isinstance(text, str):
        return text.isascii()
    if isinstance(text, bytes):
        return text.isascii()
    return False
