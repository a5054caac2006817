# correct: scans backwards by index for the last separator, then back over the separators before it.
def split(p):
    sep = b"/" if isinstance(p, bytes) else "/"
    i = len(p)
    while i > 0 and p[i - 1:i] != sep:
        i -= 1
    head, tail = p[:i], p[i:]
    j = len(head)
    while j > 0 and head[j - 1:j] == sep:
        j -= 1
    if j > 0:
        head = head[:j]
    return head, tail
