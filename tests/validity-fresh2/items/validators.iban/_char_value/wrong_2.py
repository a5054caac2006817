# wrong: off by one: A=11 (counts letters from one before adding 10).
def _char_value(char: str):
    return char if char.isdigit() else str(ord(char) - ord("A") + 11)
