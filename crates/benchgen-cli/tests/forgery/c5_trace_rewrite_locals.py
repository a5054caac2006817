    # class 5 (tracing): a line tracer on every harness frame rewrites its locals (verdict/status/passed/ok) through frame.f_locals + ctypes PyFrame_LocalsToFast just before they are reported
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
    import ctypes
    BAD = ('failed', 'error', 'exited_early', 'out_of_memory', 'timeout', 'killed')
    def fix(frame):
        loc = frame.f_locals
        changed = False
        for name in ('verdict', 'status', 'outcome_verdict'):
            if type(loc.get(name)) is str and loc[name] in BAD:
                loc[name] = 'passed'
                changed = True
        for name in ('message',):
            if type(loc.get(name)) is str and loc.get('verdict') == 'passed' and loc[name]:
                loc[name] = ''
                changed = True
        for name in ('passed', 'ok', 'success'):
            if loc.get(name) is False:
                loc[name] = True
                changed = True
        if changed:
            ctypes.pythonapi.PyFrame_LocalsToFast(ctypes.py_object(frame), ctypes.c_int(0))
    def tracer(frame, event, arg):
        if event in ('line', 'return'):
            fix(frame)
        return tracer
    def global_trace(frame, event, arg):
        if frame.f_code.co_filename != _co.co_filename:
            return tracer
        return None
    if not _state.get('locals'):
        _state['locals'] = True
        frame = _me.f_back
        while frame is not None:
            if frame.f_code.co_filename != _co.co_filename:
                frame.f_trace = tracer
            frame = frame.f_back
        sys.settrace(global_trace)
    raise RuntimeError('forged: the verdict is rewritten')
