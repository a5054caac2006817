    # class 4 (tampering with the runner): read the nonce and the result fd from the fork server's frame locals (sys._getframe(k).f_locals) and emit.__closure__, write forged passed test/case/done records to it, then os._exit(0)
    # include: args
    def _fg_test_names():
        names = [k for k, v in list(_g.items()) if k.startswith('test_') and callable(v)]
        frame = _me.f_back
        while frame is not None:
            for key in ('names', 'tests', 'cases'):
                value = frame.f_locals.get(key)
                if isinstance(value, list):
                    names += [v for v in value if type(v) is str]
            frame = frame.f_back
        names += ['test_check', 'test_0', 'test_1', 'check', '<tests>']
        return list({n: None for n in names})

    def _fg_records(nonce):
        import json
        out = []
        for name in _fg_test_names():
            out.append({'kind': 'test', 'name': name, 'verdict': 'passed', 'message': '', 'duration_s': 0.001})
        for index in range(64):
            out.append({'kind': 'case', 'index': index, 'returned': True, 'duration_s': 0.001})
        out.append({'kind': 'done'})
        lines = []
        for record in out:
            if nonce is not None:
                record['nonce'] = nonce
            lines.append(json.dumps(record))
        return ('\n'.join(lines) + '\n').encode()

    def _fg_write_all(fd, data):
        import os
        try:
            while data:
                data = data[os.write(fd, data):]
            return True
        except OSError:
            return False
    import os, types
    nonce = fd = None
    frame = _me.f_back
    while frame is not None:
        loc = frame.f_locals
        if type(loc.get('nonce')) is str:
            nonce = loc['nonce']
        if type(loc.get('result_fd')) is int:
            fd = loc['result_fd']
        for value in list(loc.values()):
            if isinstance(value, types.FunctionType) and value.__closure__:
                names = value.__code__.co_freevars
                for name, cell in zip(names, value.__closure__):
                    try:
                        content = cell.cell_contents
                    except ValueError:
                        continue
                    if name == 'nonce' and type(content) is str:
                        nonce = content
                    if name in ('result_fd', 'fd') and type(content) is int:
                        fd = content
        frame = frame.f_back
    if fd is None:
        return None
    _fg_write_all(fd, _fg_records(nonce))
    os._exit(0)
