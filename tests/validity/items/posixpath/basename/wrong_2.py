# wrong: off by one, keeps the slash (and without a slash returns the last character).
import os


def basename(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    return p[p.rfind(sep):]
