# wrong: red and blue swapped (red takes the hue minus a third).
def hls_to_rgb(h, l, s):
    if s == 0.0:
        return l, l, l
    if l <= 0.5:
        m2 = l * (1.0 + s)
    else:
        m2 = l + s - (l * s)
    m1 = 2.0 * l - m2
    return (_v(m1, m2, h - ONE_THIRD), _v(m1, m2, h), _v(m1, m2, h + ONE_THIRD))
