# wrong: returns the first match instead of raising ValueError when the glob matches more than
# one leaf.
def get(obj, glob, separator="/", default=_DEFAULT_SENTINEL):
    pattern = _split_path(glob, separator)
    for path, value in walk(obj):
        if segments.match(path, pattern):
            return value
    if default is _DEFAULT_SENTINEL:
        raise KeyError(glob)
    return default
