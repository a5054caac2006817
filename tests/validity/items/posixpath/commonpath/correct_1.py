# correct: component lists (empty and '.' components dropped), compared position by position
# across all paths at once.
import os


def commonpath(paths):
    paths = [os.fspath(p) for p in paths]
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    sep, cur = (b"/", b".") if isinstance(paths[0], bytes) else ("/", ".")
    absolute = {p.startswith(sep) for p in paths}
    if len(absolute) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    parts = [[c for c in p.split(sep) if c and c != cur] for p in paths]
    common = []
    for column in zip(*parts):
        if any(c != column[0] for c in column):
            break
        common.append(column[0])
    return (sep if absolute.pop() else sep[:0]) + sep.join(common)
