# wrong: treats h as degrees (divides by 60), so hues given as fractions of a turn all land in
# the first sector.
def hsv_to_rgb(h, s, v):
    if s == 0.0:
        return v, v, v
    i = int(h / 60.0) % 6
    f = h / 60.0 - int(h / 60.0)
    p = v * (1.0 - s)
    q = v * (1.0 - s * f)
    t = v * (1.0 - s * (1.0 - f))
    return [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
