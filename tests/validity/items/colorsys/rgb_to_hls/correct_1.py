# correct: lightness is the mid-range; saturation C / (1 - |2L - 1|); hue as for HSV.
def rgb_to_hls(r, g, b):
    mx = max(r, g, b)
    mn = min(r, g, b)
    l = (mx + mn) / 2.0
    c = mx - mn
    if c == 0:
        return 0.0, l, 0.0
    s = c / (1.0 - abs(2.0 * l - 1.0))
    if mx == r:
        h = ((g - b) / c) % 6.0
    elif mx == g:
        h = (b - r) / c + 2.0
    else:
        h = (r - g) / c + 4.0
    return (h / 6.0) % 1.0, l, s
