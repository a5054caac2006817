# correct: one combined validity test (type, length, '#', digits a subset of the ASCII hex
# digits) and the three channels read with bytes.fromhex.
def html5_parse_simple_color(value):
    if (not isinstance(value, str) or len(value) != 7 or value[0] != "#"
            or not set(value[1:]) <= set("0123456789abcdefABCDEF")):
        raise ValueError(
            "An HTML5 simple color must be '#' followed by exactly six ASCII hex digits.")
    red, green, blue = bytes.fromhex(value[1:])
    return HTML5SimpleColor(red, green, blue)
