# wrong: a path whose value is None is reported as missing (tests the value, not the path).
def has(obj, segments):
    try:
        return get(obj, segments) is not None
    except Exception:
        return False
