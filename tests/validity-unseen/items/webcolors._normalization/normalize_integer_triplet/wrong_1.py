# wrong: clamps only the upper bound; negative values stay negative.
def normalize_integer_triplet(rgb_triplet):
    return IntegerRGB(*(min(v, 255) for v in rgb_triplet))
