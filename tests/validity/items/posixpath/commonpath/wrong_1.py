# wrong: the common character prefix (os.path.commonprefix), so ['/usr/lib', '/usr/local'] gives
# '/usr/l', which is not a path both contain.
def commonpath(paths):
    paths = list(paths)
    if not paths:
        raise ValueError("commonpath() arg is an empty sequence")
    lo, hi = min(paths), max(paths)
    for i, c in enumerate(lo):
        if c != hi[i]:
            return lo[:i]
    return lo
