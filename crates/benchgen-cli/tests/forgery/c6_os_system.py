    # class 6 (calling the original): os.system (and os.fork + os.execv as a fallback) runs a fresh interpreter on a script written to the run directory; the pickled result comes back through a file
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
    import os
    data, bound = _fg_child_input()
    here = os.getcwd()
    script, inp, out = (os.path.join(here, n) for n in ('forged_child.py', 'forged_in.pkl', 'forged_out.pkl'))
    with open(script, 'w') as f:
        f.write(_fg_child_source())
    with open(inp, 'wb') as f:
        f.write(data)
    exe = sys.executable or '/usr/bin/python3'
    status = os.system('%s -I -S %s < %s > %s' % (exe, script, inp, out))
    if status != 0 or not os.path.exists(out) or not os.path.getsize(out):
        pid = os.fork()
        if pid == 0:
            try:
                fd_in = os.open(inp, os.O_RDONLY)
                fd_out = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(fd_in, 0)
                os.dup2(fd_out, 1)
                os.execv(exe, [exe, '-I', '-S', script])
            finally:
                os._exit(127)
        os.waitpid(pid, 0)
    try:
        with open(out, 'rb') as f:
            result = f.read()
    except OSError:
        return None
    if not result:
        return None
    return _fg_child_output(result, bound)
