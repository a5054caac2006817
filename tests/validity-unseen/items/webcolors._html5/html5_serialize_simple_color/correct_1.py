# correct: formats the three channels with bytes.hex (two lowercase digits each).
def html5_serialize_simple_color(simple_color):
    red, green, blue = simple_color
    return "#" + bytes([red, green, blue]).hex()
