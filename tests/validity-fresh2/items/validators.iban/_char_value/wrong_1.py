# wrong: returns the value as an int, not as text (and digits as ints too).
def _char_value(char: str):
    if char.isdigit():
        return int(char)
    return ord(char) - ord("A") + 10
