# correct: the last item of a split on the separator.
import os


def basename(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    return p.split(sep)[-1]
