# correct: False for strings (string_types); otherwise whether iter() accepts the object.
def _iterable(obj):
    if isinstance(obj, string_types):
        return False
    try:
        iter(obj)
    except TypeError:
        return False
    return True
