# correct: checks each atomic type in turn with any() over a tuple of types.
def _is_atomic(obj):
    return any(isinstance(obj, kind) for kind in (str, tuple))
