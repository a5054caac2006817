# correct: rpartition on the separator; trailing slashes off unless the head is all slashes.
import os


def dirname(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    head, mark, _ = p.rpartition(sep)
    head += mark
    trimmed = head.rstrip(sep)
    return trimmed if trimmed else head
