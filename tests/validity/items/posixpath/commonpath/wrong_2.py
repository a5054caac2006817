# wrong: the result always starts with a slash, even for relative paths.
import os


def commonpath(paths):
    paths = [os.fspath(p) for p in paths]
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    sep = b"/" if isinstance(paths[0], bytes) else "/"
    parts = [[c for c in p.split(sep) if c and c != sep[:0] + (b"." if sep == b"/" else ".")] for p in paths]
    common = []
    for column in zip(*parts):
        if any(c != column[0] for c in column):
            break
        common.append(column[0])
    return sep + sep.join(common)
