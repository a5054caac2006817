# correct: the textbook formula (hue in degrees from the max channel, then scaled to [0, 1)).
def rgb_to_hsv(r, g, b):
    mx = max(r, g, b)
    mn = min(r, g, b)
    d = mx - mn
    if d == 0:
        return 0.0, 0.0, mx
    if mx == r:
        h = 60.0 * (((g - b) / d) % 6)
    elif mx == g:
        h = 60.0 * ((b - r) / d + 2)
    else:
        h = 60.0 * ((r - g) / d + 4)
    s = d / mx
    return (h / 360.0) % 1.0, s, mx
