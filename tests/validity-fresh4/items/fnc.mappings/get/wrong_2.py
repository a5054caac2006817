# wrong: uses each key as it is, never as an integer: "a.b.c.1" finds nothing in a list.
def get(path, obj, *, default=None):
    current = obj
    for key in aspath(path):
        try:
            current = current[key]
        except (KeyError, IndexError, TypeError):
            try:
                current = getattr(current, key)
            except (AttributeError, TypeError):
                return default
    return current
