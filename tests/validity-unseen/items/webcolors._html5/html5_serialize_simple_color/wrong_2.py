# wrong: no zero padding, so a channel below 16 gives one digit ((0, 0, 0) -> "#000").
def html5_serialize_simple_color(simple_color):
    return "#" + "".join(hex(c)[2:] for c in simple_color)
