    # class 5 (tracing): a line tracer on every harness frame rewrites its locals (verdict/status/passed/ok) through frame.f_locals + ctypes PyFrame_LocalsToFast just before they are reported
    # include: args
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
