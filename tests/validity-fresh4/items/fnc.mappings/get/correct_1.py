# correct: walks the keys of aspath(path); a mapping is looked up by the key and then by the key as
# an integer, a sequence by index (a numeric string too), other objects by item and then by
# attribute; the first missing step gives `default` (a present None value is returned).
from collections.abc import Mapping, Sequence


class _MissingStep:
    """Marks a step of the path that found nothing (the class itself is the marker: only the
    answer's imports, functions and classes are spliced into the program)."""


def _get_step(container, key):
    candidates = [key]
    if not isinstance(key, int):
        try:
            candidates.append(int(key))
        except (TypeError, ValueError):
            pass
    if isinstance(container, Mapping):
        for candidate in candidates:
            try:
                if candidate in container:
                    return container[candidate]
            except TypeError:
                pass
        return _MissingStep
    for candidate in candidates:
        try:
            return container[candidate]
        except (KeyError, IndexError, TypeError):
            pass
    if isinstance(key, str) and not isinstance(container, Sequence) or isinstance(container, tuple):
        try:
            return getattr(container, key)
        except (AttributeError, TypeError):
            pass
    return _MissingStep


def get(path, obj, *, default=None):
    current = obj
    for key in aspath(path):
        current = _get_step(current, key)
        if current is _MissingStep:
            return default
    return current
