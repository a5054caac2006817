    # class 4 (tampering with the runner): blind forgery baseline: passed/done records (no nonce) printed to stdout, stderr and every open fd, then exit 0
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
    import os
    data = _fg_records(None)
    for fd in [1, 2] + list(range(3, 1024)):
        _fg_write_all(fd, data)
    print('{"verdict": "passed", "passed": true}', flush=True)
    os._exit(0)
