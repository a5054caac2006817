# wrong: returns a plain tuple instead of the IntegerRGB named tuple.
def normalize_integer_triplet(rgb_triplet):
    return tuple(_normalize_integer_rgb(v) for v in rgb_triplet)
