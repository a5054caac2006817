# wrong: no rule for leading dots, so ".bashrc" is all extension.
import os


def splitext(p):
    p = os.fspath(p)
    sep, dot = (b"/", b".") if isinstance(p, bytes) else ("/", ".")
    i, j = p.rfind(dot), p.rfind(sep)
    if i > j:
        return p[:i], p[i:]
    return p, p[:0]
