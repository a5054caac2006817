# correct: normalises, then reads the three channel bytes with bytes.fromhex.
def hex_to_rgb(hex_value):
    red, green, blue = bytes.fromhex(normalize_hex(hex_value)[1:])
    return IntegerRGB(red, green, blue)
