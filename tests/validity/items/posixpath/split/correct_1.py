# correct: rpartition on the separator; trailing slashes come off the head unless it is all
# slashes (the root).
import os


def split(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    head, mark, tail = p.rpartition(sep)
    head = head + mark
    trimmed = head.rstrip(sep)
    if trimmed:
        head = trimmed
    return head, tail
