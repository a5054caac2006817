# correct: looks at the last component only; the extension starts at its last dot unless
# everything before that dot is dots (".bashrc", "..").
import os


def splitext(p):
    p = os.fspath(p)
    sep, dot = (b"/", b".") if isinstance(p, bytes) else ("/", ".")
    start = p.rfind(sep) + 1
    base = p[start:]
    k = base.rfind(dot)
    if k > 0 and base[:k].strip(dot):
        return p[:start + k], p[start + k:]
    return p, p[:0]
