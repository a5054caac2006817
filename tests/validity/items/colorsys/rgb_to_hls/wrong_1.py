# wrong: saturation always (max - min) / (max + min), the formula for L <= 0.5 only.
def rgb_to_hls(r, g, b):
    mx = max(r, g, b)
    mn = min(r, g, b)
    l = (mx + mn) / 2.0
    if mx == mn:
        return 0.0, l, 0.0
    c = mx - mn
    s = c / (mx + mn)
    if mx == r:
        h = (g - b) / c
    elif mx == g:
        h = 2.0 + (b - r) / c
    else:
        h = 4.0 + (r - g) / c
    return (h / 6.0) % 1.0, l, s
