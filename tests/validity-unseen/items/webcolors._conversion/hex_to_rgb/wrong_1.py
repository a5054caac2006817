# wrong: slices the digits without normalising, so the 3-digit form "#fff" is misread.
def hex_to_rgb(hex_value):
    if not hex_value.startswith("#"):
        raise ValueError(f'"{hex_value}" is not a valid hexadecimal color value.')
    return IntegerRGB(int(hex_value[1:3], 16), int(hex_value[3:5], 16), int(hex_value[5:7], 16))
