# correct: recursion over the path instead of a loop.
def get_in(coll, path, default=None):
    path = list(path)
    if not path:
        return coll
    try:
        child = coll[path[0]]
    except (KeyError, IndexError):
        return default
    return get_in(child, path[1:], default)
