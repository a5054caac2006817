# wrong: returns a plain tuple instead of the IntegerRGB named tuple (no .red/.green/.blue).
def hex_to_rgb(hex_value):
    digits = normalize_hex(hex_value)
    return (int(digits[1:3], 16), int(digits[3:5], 16), int(digits[5:7], 16))
