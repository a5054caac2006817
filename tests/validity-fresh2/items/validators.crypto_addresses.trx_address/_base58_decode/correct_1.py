# correct: the standard base58 decoding: the number in big-endian bytes, one zero byte in front
# for each leading "1" (a TRON address is 34 characters, 25 bytes).
def _base58_decode(addr: str) -> bytes:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = 0
    for char in addr:
        number = number * 58 + alphabet.index(char)
    body = number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b""
    pad = len(addr) - len(addr.lstrip("1"))
    return b"\x00" * pad + body
