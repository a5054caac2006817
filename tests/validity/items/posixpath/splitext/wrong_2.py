# wrong: the extension starts at the first dot of the last component ("a.tar.gz" -> ("a", ".tar.gz")).
import os


def splitext(p):
    p = os.fspath(p)
    sep, dot = (b"/", b".") if isinstance(p, bytes) else ("/", ".")
    start = p.rfind(sep) + 1
    base = p[start:]
    stripped = base.lstrip(dot)
    lead = len(base) - len(stripped)
    k = stripped.find(dot)
    if k < 0:
        return p, p[:0]
    cut = start + lead + k
    return p[:cut], p[cut:]
