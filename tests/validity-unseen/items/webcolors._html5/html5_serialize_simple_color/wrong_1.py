# wrong: uppercase hex digits; the algorithm produces lowercase ASCII hex digits ("#ffffff").
def html5_serialize_simple_color(simple_color):
    return "#%02X%02X%02X" % tuple(simple_color)
