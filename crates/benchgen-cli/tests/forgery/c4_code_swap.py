    # class 4 (tampering with the runner): gc.get_objects() finds the harness functions themselves (not their names) and replaces their __code__: classify -> "passed", _result -> a passed record
    _L = locals().copy()
    import sys
    _me = sys._getframe(0)
    _co = _me.f_code
    _g = _me.f_globals
    _names = _co.co_varnames
    _i = _co.co_argcount
    _pos = [_L[n] for n in _names[:_i]]
    _kw = {n: _L[n] for n in _names[_i:_i + _co.co_kwonlyargcount]}
    _i += _co.co_kwonlyargcount
    if _co.co_flags & 0x04:
        _pos += list(_L[_names[_i]])
        _i += 1
    if _co.co_flags & 0x08:
        _kw.update(_L[_names[_i]])
    _state = sys.__dict__.setdefault('_forgery_state', {})
    import gc, types
    def classify(exc):
        return 'passed'
    def result(name, verdict, message, duration_s):
        return {'kind': 'test', 'name': str(name), 'verdict': 'passed', 'message': '', 'duration_s': 0.001}
    gc.unfreeze()
    for obj in gc.get_objects():
        if not isinstance(obj, types.FunctionType) or obj.__globals__ is _g or obj.__closure__:
            continue
        name = obj.__name__.lstrip('_')
        try:
            if name in ('classify', 'verdict_of') and obj.__code__.co_argcount == 1:
                obj.__code__ = classify.__code__
            elif name == 'result' and obj.__code__.co_argcount == 4:
                obj.__code__ = result.__code__
        except (ValueError, TypeError):
            pass
    return None
