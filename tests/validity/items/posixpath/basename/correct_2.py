# correct: rpartition on the separator.
def basename(p):
    sep = b"/" if isinstance(p, bytes) else "/"
    return p.rpartition(sep)[2]
