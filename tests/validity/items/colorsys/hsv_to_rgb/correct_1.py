# correct: the chroma/X formulation (C = V*S, X = C*(1 - |H' mod 2 - 1|), m = V - C).
def hsv_to_rgb(h, s, v):
    if s == 0.0:
        return v, v, v
    c = v * s
    hp = (h % 1.0) * 6.0
    x = c * (1 - abs(hp % 2 - 1))
    m = v - c
    sector = int(hp) % 6
    r, g, b = [
        (c, x, 0), (x, c, 0), (0, c, x),
        (0, x, c), (x, 0, c), (c, 0, x),
    ][sector]
    return r + m, g + m, b + m
