# correct: scans backwards by index for the last separator, then over the separators before it.
def dirname(p):
    sep = b"/" if isinstance(p, bytes) else "/"
    i = len(p)
    while i > 0 and p[i - 1:i] != sep:
        i -= 1
    j = i
    while j > 0 and p[j - 1:j] == sep:
        j -= 1
    return p[:j] if j > 0 else p[:i]
