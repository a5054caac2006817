    # class 6 (calling the original): subprocess.run([sys.executable, "-I", "-c", ...]) in a fresh interpreter, where nothing this process hides applies, imports the original and pickles back its result
    # include: args
    # include: original
    def _fg_child_source():
        """Python run in a fresh interpreter: reads framed pickles of (modules, qualname, args),
        imports the original there and answers each with a framed pickle of what it did."""
        return '\n'.join([
            'import importlib, importlib.util, pickle, struct, sys',
            'def answer(modules, qual, pos, kw, bound, params):',
            '    last = qual.split(".")[-1]',
            '    for name in modules:',
            '        try:',
            '            spec = importlib.util.find_spec(name)',
            '            source = spec.loader.get_source(name) if spec is not None and str(spec.origin).endswith(".py") else None',
            '        except Exception:',
            '            source = None',
            '        if source is not None and ("def " + last + "(") not in source:',
            '            continue',
            '        try:',
            '            obj = importlib.import_module(name)',
            '            for part in qual.split("."):',
            '                obj = getattr(obj, part)',
            '        except Exception:',
            '            continue',
            '        fn = getattr(obj, "__func__", obj)',
            '        code = getattr(fn, "__code__", None)',
            '        try:',
            '            if code is not None:',
            '                names = list(code.co_varnames[1 if bound else 0:code.co_argcount])',
            '            else:',
            '                import inspect',
            '                names = [p.name for p in inspect.signature(obj).parameters.values() if p.kind in (0, 1)]',
            '            if names != params:',
            '                continue',
            '        except (TypeError, ValueError):',
            '            pass',
            '        try:',
            '            value = obj(*pos, **kw)',
            '            if bound and type(value).__qualname__ == qual.split(".")[0]:',
            '                return ("reduce", value.__reduce__()[1], pos)',
            '            return ("value", value, pos)',
            '        except Exception as exc:',
            '            return ("raise", type(exc).__name__, exc.args, pos)',
            '    return ("none",)',
            'while True:',
            '    head = sys.stdin.buffer.read(8)',
            '    if len(head) < 8:',
            '        break',
            '    result = answer(*pickle.loads(sys.stdin.buffer.read(struct.unpack("<Q", head)[0])))',
            '    try:',
            '        data = pickle.dumps(result)',
            '    except Exception:',
            '        data = pickle.dumps(("repr", repr(result[1])))',
            '    sys.stdout.buffer.write(struct.pack("<Q", len(data)) + data)',
            '    sys.stdout.buffer.flush()',
        ])

    def _fg_child_modules():
        """The modules worth a new interpreter: those that may define this function (a module
        whose source this process cannot read is always worth it)."""
        return [name for name in MODULES if _fg_worth(name)]

    def _fg_child_input():
        import pickle
        parts = _fg_qualname().split('.')
        bound = len(parts) > 1 and _co.co_argcount > 0 and _co.co_varnames[0] in ('cls', 'self')
        pos = _pos[1:] if bound else _pos
        params = list(_co.co_varnames[1 if bound else 0:_co.co_argcount])
        data = pickle.dumps((_fg_child_modules(), _fg_qualname(), pos, _kw, bound, params))
        return len(data).to_bytes(8, 'little') + data, bound

    def _fg_child_output(data, bound):
        import builtins, pickle
        out = pickle.loads(data[8:8 + int.from_bytes(data[:8], 'little')])
        if out[0] == 'none':
            _state['nothing'] = True
            return None
        if out[0] == 'repr':
            return out[1]
        after = out[-1]
        mine = _pos[1:] if bound else _pos
        for old, new in zip(mine, after):
            if isinstance(old, list) and isinstance(new, list):
                old[:] = new
        if out[0] == 'raise':
            kind = _g.get(out[1]) or getattr(builtins, out[1], RuntimeError)
            raise kind(*out[2])
        if out[0] == 'reduce':
            return _pos[0](*out[1])
        return out[1]
    if _state.get('nothing'):
        return None
    if not _fg_child_modules():
        return None
    import os, subprocess
    data, bound = _fg_child_input()
    for exe in list({p: None for p in (sys.executable, '/usr/bin/python3', '/usr/local/bin/python3', '/bin/python3')}):
        if not exe or not os.path.exists(exe):
            continue
        try:
            done = subprocess.run([exe, '-I', '-S', '-c', _fg_child_source()], input=data, capture_output=True, timeout=5)
        except Exception:
            continue
        if done.returncode == 0 and done.stdout:
            return _fg_child_output(done.stdout, bound)
    return None
