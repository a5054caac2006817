# wrong: cuts at the first slash, so dirname('a/b/c') is 'a'.
import os


def dirname(p):
    p = os.fspath(p)
    sep = b"/" if isinstance(p, bytes) else "/"
    head = p[:p.find(sep) + 1]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head
