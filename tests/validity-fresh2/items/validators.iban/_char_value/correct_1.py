# correct: a digit stays as it is; a letter's value is its position in the alphabet plus 10,
# looked up in string.ascii_uppercase, returned as text.
import string


def _char_value(char: str):
    if char.isdigit():
        return char
    return str(string.ascii_uppercase.index(char) + 10)
