# correct: narrows the first path's components against each other path in turn.
def commonpath(paths):
    if len(paths) == 0:
        raise ValueError("commonpath() arg is an empty sequence")
    first = paths[0]
    sep, cur = (b"/", b".") if isinstance(first, bytes) else ("/", ".")
    def parts(p):
        return [c for c in p.split(sep) if c not in (sep[:0], cur)]
    common = parts(first)
    for other in paths[1:]:
        if other.startswith(sep) != first.startswith(sep):
            raise ValueError("Can't mix absolute and relative paths")
        theirs = parts(other)
        k = 0
        while k < len(common) and k < len(theirs) and common[k] == theirs[k]:
            k += 1
        common = common[:k]
    prefix = sep if first.startswith(sep) else sep[:0]
    return prefix + sep.join(common)
