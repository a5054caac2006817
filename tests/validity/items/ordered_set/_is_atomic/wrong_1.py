# wrong: only strings are atomic; the docstring says tuples are atomic too.
def _is_atomic(obj):
    return isinstance(obj, str)
