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
