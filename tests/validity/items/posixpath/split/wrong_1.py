# wrong: strips every trailing slash from the head, so split('/a') gives ('', 'a') and loses the root.
import os


def split(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    i = p.rfind(sep) + 1
    return p[:i].rstrip(sep), p[i:]
