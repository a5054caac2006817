# wrong: always strips trailing slashes, so dirname('/a') is '' instead of '/'.
import os


def dirname(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    return p[:p.rfind(sep) + 1].rstrip(sep)
