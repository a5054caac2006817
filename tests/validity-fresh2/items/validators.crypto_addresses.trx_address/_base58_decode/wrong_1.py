# wrong: returns the decoded number as hex text encoded to bytes, not the raw bytes.
def _base58_decode(addr: str) -> bytes:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = 0
    for char in addr:
        number = number * 58 + alphabet.index(char)
    return format(number, "x").encode()
