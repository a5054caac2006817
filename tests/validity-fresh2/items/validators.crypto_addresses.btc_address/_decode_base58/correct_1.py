# correct: Horner's rule over the base58 (Bitcoin) alphabet, most significant digit first; a
# character outside the alphabet raises ValueError.
def _decode_base58(addr: str):
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = 0
    for char in addr:
        digit = alphabet.find(char)
        if digit < 0:
            raise ValueError(f"not a base58 character: {char!r}")
        number = number * 58 + digit
    return number
