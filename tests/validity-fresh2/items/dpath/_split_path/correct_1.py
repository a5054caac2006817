# correct: a non-leaf path (list, tuple) is returned as it is; a string has every separator at
# its start removed with an explicit loop, then is cut at each separator.
def _split_path(path, separator="/"):
    if not isinstance(path, (bytes, str, int, float, bool, type(None))):
        return path
    start = 0
    while separator and path.startswith(separator, start):
        start += len(separator)
    return path[start:].split(separator)
