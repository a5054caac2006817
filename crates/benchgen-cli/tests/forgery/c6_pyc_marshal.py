    # class 6 (calling the original): the module's cached bytecode: __pycache__/NAME.cpython-XY[.opt-N].pyc (and importlib.util.cache_from_source) read and marshal.loads-ed, exec-ed in a fresh namespace, then call
    # include: args
    # include: original
    import glob, importlib.util, marshal, os
    spaces = _state.get('pyc_spaces')
    if spaces is None:
        spaces = _state['pyc_spaces'] = []
        tag = sys.implementation.cache_tag
        for name in MODULES:
            if not _fg_worth(name):
                continue
            pycs = []
            for path in _fg_module_source_paths(name):
                try:
                    pycs.append(importlib.util.cache_from_source(path))
                except Exception:
                    pass
                folder = os.path.join(os.path.dirname(path), '__pycache__')
                pycs += glob.glob(os.path.join(folder, name + '.' + tag + '*.pyc'))
                pycs += glob.glob(os.path.join(folder, name + '.*.pyc'))
            for pyc in list({p: None for p in pycs}):
                try:
                    with open(pyc, 'rb') as f:
                        data = f.read()
                    code = marshal.loads(data[16:])
                except Exception:
                    continue
                if not _fg_code_defines(code):
                    continue
                namespace = {'__name__': 'forged_' + name, '__builtins__': __builtins__}
                try:
                    exec(code, namespace)
                except Exception:
                    continue
                spaces.append(namespace)
    for namespace in spaces:
        obj = _fg_resolve(namespace)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
