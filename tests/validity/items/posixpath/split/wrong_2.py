# wrong: splits at the first slash, not the final one.
import os


def split(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    i = p.find(sep) + 1
    head, tail = p[:i], p[i:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail
