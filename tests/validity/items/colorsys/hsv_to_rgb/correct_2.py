# correct: the "k = (n + 6h) mod 6" closed form, one expression per channel.
def hsv_to_rgb(h, s, v):
    if s == 0.0:
        return v, v, v
    def channel(n):
        k = (n + h * 6.0) % 6.0
        return v - v * s * max(0.0, min(k, 4.0 - k, 1.0))
    return channel(5), channel(3), channel(1)
