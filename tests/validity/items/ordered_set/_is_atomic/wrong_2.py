# wrong: exact type check, so str and tuple subclasses (e.g. namedtuples) are not atomic.
def _is_atomic(obj):
    return type(obj) in (str, tuple)
