# wrong: reads the digits least significant first (little-endian).
def _decode_base58(addr: str):
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    return sum(alphabet.index(c) * 58 ** i for i, c in enumerate(addr))
