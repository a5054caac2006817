# wrong: ignores the separator argument and always splits the glob on "/".
def get(obj, glob, separator="/", default=_DEFAULT_SENTINEL):
    pattern = _split_path(glob)
    found = [value for path, value in walk(obj) if segments.match(path, pattern)]
    if not found:
        if default is _DEFAULT_SENTINEL:
            raise KeyError(glob)
        return default
    if len(found) > 1:
        raise ValueError(f"the glob {glob!r} matches more than one leaf")
    return found[0]
