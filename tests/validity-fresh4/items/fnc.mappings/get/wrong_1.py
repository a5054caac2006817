# wrong: takes a None value for a missing one (returns default where the path holds None).
from collections.abc import Mapping


def get(path, obj, *, default=None):
    current = obj
    for key in aspath(path):
        value = None
        if isinstance(current, Mapping):
            value = current.get(key)
            if value is None and not isinstance(key, int) and str(key).lstrip('-').isdigit():
                value = current.get(int(key))
        else:
            try:
                value = current[int(key)]
            except (KeyError, IndexError, TypeError, ValueError):
                value = getattr(current, str(key), None)
        if value is None:
            return default
        current = value
    return current
