# wrong: an alphabet that drops "o" instead of "l" (base58 leaves out 0, O, I and l), so every
# letter from "l" on has the wrong value.
def _decode_base58(addr: str):
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijklmnpqrstuvwxyz"
    number = 0
    for char in addr:
        number = number * 58 + alphabet.index(char)
    return number
