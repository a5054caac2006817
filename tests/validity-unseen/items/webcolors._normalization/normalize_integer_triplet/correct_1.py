# correct: clamps each value with min/max and builds the named tuple.
def normalize_integer_triplet(rgb_triplet):
    return IntegerRGB(*(min(255, max(0, v)) for v in rgb_triplet))
