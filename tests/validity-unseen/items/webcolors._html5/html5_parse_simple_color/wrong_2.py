# wrong: relies on int(..., 16) to validate the digits, which also accepts signs, spaces and
# underscores ("#+f+f+f", "# f f f"), none of them hexadecimal digits.
def html5_parse_simple_color(value):
    if not isinstance(value, str) or len(value) != 7 or not value.startswith("#"):
        raise ValueError("An HTML5 simple color must be '#' followed by six hex digits.")
    try:
        return HTML5SimpleColor(int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    except ValueError:
        raise ValueError("An HTML5 simple color must contain exactly six ASCII hex digits.")
