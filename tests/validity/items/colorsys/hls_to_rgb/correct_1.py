# correct: the closed form f(n) = L - a * max(-1, min(k - 3, 9 - k, 1)), k = (n + 12h) mod 12.
def hls_to_rgb(h, l, s):
    if s == 0.0:
        return l, l, l
    a = s * min(l, 1.0 - l)
    def f(n):
        k = (n + h * 12.0) % 12.0
        return l - a * max(-1.0, min(k - 3.0, 9.0 - k, 1.0))
    return f(0), f(8), f(4)
