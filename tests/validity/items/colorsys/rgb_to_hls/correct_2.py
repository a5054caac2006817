# correct: two branches on lightness, written with the sum and difference of the extremes.
def rgb_to_hls(r, g, b):
    hi, lo = max(r, g, b), min(r, g, b)
    total, diff = hi + lo, hi - lo
    light = total / 2.0
    if diff == 0:
        return 0.0, light, 0.0
    sat = diff / total if light <= 0.5 else diff / (2.0 - total)
    rc, gc, bc = (hi - r) / diff, (hi - g) / diff, (hi - b) / diff
    if r == hi:
        hue = bc - gc
    elif g == hi:
        hue = 2.0 + rc - bc
    else:
        hue = 4.0 + gc - rc
    return (hue / 6.0) % 1.0, light, sat
