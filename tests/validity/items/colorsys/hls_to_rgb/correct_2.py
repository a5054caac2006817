# correct: chroma C = (1 - |2L - 1|) * S, then the hexagon sector, then add m = L - C/2.
def hls_to_rgb(h, l, s):
    if s == 0.0:
        return l, l, l
    c = (1.0 - abs(2.0 * l - 1.0)) * s
    hp = (h % 1.0) * 6.0
    x = c * (1.0 - abs(hp % 2.0 - 1.0))
    table = [(c, x, 0.0), (x, c, 0.0), (0.0, c, x), (0.0, x, c), (x, 0.0, c), (c, 0.0, x)]
    r, g, b = table[int(hp) % 6]
    m = l - c / 2.0
    return r + m, g + m, b + m
