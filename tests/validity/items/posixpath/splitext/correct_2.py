# correct: two rpartitions, first on the separator, then on the dot.
import os


def splitext(p):
    p = os.fspath(p)
    sep, dot = (b"/", b".") if isinstance(p, bytes) else ("/", ".")
    head, mark, base = p.rpartition(sep)
    name, found, ext = base.rpartition(dot)
    if not found or not name.strip(dot):
        return p, p[:0]
    return head + mark + name, found + ext
