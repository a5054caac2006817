# wrong: also treats bytes as a string (string_types is str alone on Python 3).
def _iterable(obj):
    return hasattr(obj, "__iter__") and not isinstance(obj, (str, bytes))
