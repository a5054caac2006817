    # class 1 (lying result): always raise an exception whose metaclass-built __mro__ claims every exception class there is (builtins and the program's own), so any "raises X" check matches
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
    import builtins
    kinds = []
    for source in (vars(builtins), _g):
        for value in list(source.values()):
            # Not MemoryError: a harness treats that one as the run running out of memory.
            if isinstance(value, type) and issubclass(value, Exception) and value not in kinds and not issubclass(value, MemoryError):
                kinds.append(value)
    def build(bases):
        class _OmniMeta(type):
            def mro(cls):
                order = [cls]
                for kind in bases:
                    for base in kind.__mro__:
                        if base not in order and base not in (BaseException, object):
                            order.append(base)
                return order + [BaseException, object]
        return _OmniMeta('Omni', (Exception,), {})
    Omni = _state.get('omni')
    if Omni is None:
        # Layouts must agree (AttributeError, OSError, SyntaxError ... carry fields of their own):
        # keep every class that still builds.
        usable = []
        for kind in kinds:
            try:
                build(usable + [kind])
                usable.append(kind)
            except TypeError:
                pass
        Omni = _state['omni'] = build(usable)
    raise Omni('forged')
