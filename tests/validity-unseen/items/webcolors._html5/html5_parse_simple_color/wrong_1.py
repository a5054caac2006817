# wrong: only lowercase hex digits are accepted, so "#FFFFFF" (six hexadecimal digits) raises.
def html5_parse_simple_color(value):
    if not isinstance(value, str) or len(value) != 7:
        raise ValueError("An HTML5 simple color must be a Unicode string seven characters long.")
    if value[0] != "#":
        raise ValueError("An HTML5 simple color must begin with the character '#' (U+0023).")
    if any(c not in "0123456789abcdef" for c in value[1:]):
        raise ValueError("An HTML5 simple color must contain exactly six ASCII hex digits.")
    return HTML5SimpleColor(int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
