# correct: collects every (path, value) of the walk whose path matches the glob, then decides:
# none -> the default or KeyError, more than one -> ValueError, else the one value.
def get(obj, glob, separator="/", default=_DEFAULT_SENTINEL):
    pattern = _split_path(glob, separator)
    found = [value for path, value in walk(obj) if segments.match(path, pattern)]
    if not found:
        if default is _DEFAULT_SENTINEL:
            raise KeyError(glob)
        return default
    if len(found) > 1:
        raise ValueError(f"the glob {glob!r} matches more than one leaf")
    return found[0]
