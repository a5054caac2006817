    # class 4 (tampering with the runner): rebind runner._result / _run_test / _exec_phase so that every record it emits says "passed"; the result is None
    # include: args
    def _fg_runner_namespaces():
        """Module namespaces of the harness: every module in sys.modules and every frame's globals
        that are not the program's."""
        found, seen = [], set()
        spaces = [vars(m) for m in list(sys.modules.values()) if m is not None and hasattr(m, '__dict__')]
        frame = _me
        while frame is not None:
            spaces.append(frame.f_globals)
            frame = frame.f_back
        for space in spaces:
            if id(space) in seen or space is _g:
                continue
            seen.add(id(space))
            if any(k in space for k in ('_classify', '_run_test', 'PASSED', 'FAILED', 'emit', '_result', 'judge', 'run_cases', '_report')):
                found.append(space)
        return found
    for space in _fg_runner_namespaces():
        original = space.get('_result')
        if callable(original) and not getattr(original, '_forged', False):
            def forged_result(name, verdict, message, duration_s, _original=original):
                return _original(name, 'passed', '', duration_s)
            forged_result._forged = True
            space['_result'] = forged_result
        run_test = space.get('_run_test')
        if callable(run_test) and not getattr(run_test, '_forged', False):
            def forged_run_test(name, func, emit, _space=space):
                emit(_space['_result'](name, 'passed', '', 0.001))
                return 'passed'
            forged_run_test._forged = True
            space['_run_test'] = forged_run_test
    return None
