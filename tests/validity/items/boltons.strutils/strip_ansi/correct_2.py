# correct: a hand-written scanner: ESC plus one byte in 0x40-0x5F, or ESC [ parameters,
# intermediates and a final byte in 0x40-0x7E.
def _alt_strip(chars):
    out, i, n = [], 0, len(chars)
    while i < n:
        c = chars[i]
        if c == "\x1b" and i + 1 < n:
            nxt = chars[i + 1]
            if nxt == "[":
                j = i + 2
                while j < n and "0" <= chars[j] <= "?":
                    j += 1
                while j < n and " " <= chars[j] <= "/":
                    j += 1
                if j < n and "@" <= chars[j] <= "~":
                    i = j + 1
                    continue
            elif "@" <= nxt <= "_":
                i += 2
                continue
        out.append(c)
        i += 1
    return "".join(out)


def strip_ansi(text):
    if isinstance(text, (bytes, bytearray)):
        return type(text)(_alt_strip(text.decode("utf-8")).encode("utf-8"))
    return _alt_strip(text)
