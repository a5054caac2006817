# wrong: returns (h, s, l) order, not (h, l, s) as the name says.
def rgb_to_hls(r, g, b):
    mx = max(r, g, b)
    mn = min(r, g, b)
    l = (mx + mn) / 2.0
    if mx == mn:
        return 0.0, 0.0, l
    c = mx - mn
    s = c / (mx + mn) if l <= 0.5 else c / (2.0 - mx - mn)
    if mx == r:
        h = (g - b) / c
    elif mx == g:
        h = 2.0 + (b - r) / c
    else:
        h = 4.0 + (r - g) / c
    return (h / 6.0) % 1.0, s, l
