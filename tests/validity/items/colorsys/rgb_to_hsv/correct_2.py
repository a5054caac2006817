# correct: works in floats throughout and picks the sector with a lookup of offsets.
def rgb_to_hsv(r, g, b):
    r, g, b = float(r), float(g), float(b)
    v = max(r, g, b)
    c = v - min(r, g, b)
    if c == 0.0:
        return (0.0, 0.0, v)
    if v == r:
        h = (g - b) / c
    elif v == g:
        h = 2.0 + (b - r) / c
    else:
        h = 4.0 + (r - g) / c
    h = (h / 6.0) % 1.0
    return (h, c / v, v)
