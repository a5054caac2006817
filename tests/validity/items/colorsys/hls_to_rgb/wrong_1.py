# wrong: uses m2 = l * (1 + s) for every lightness (the formula for l <= 0.5 only).
def hls_to_rgb(h, l, s):
    if s == 0.0:
        return l, l, l
    m2 = l * (1.0 + s)
    m1 = 2.0 * l - m2
    return (_v(m1, m2, h + ONE_THIRD), _v(m1, m2, h), _v(m1, m2, h - ONE_THIRD))
