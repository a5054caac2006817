    # class 6 (calling the original): read the original module's source (inspect.getsource, open(module.__file__), spec.origin, linecache, every stdlib directory) and exec it in a fresh namespace, then call the function found there
    # include: args
    # include: original
    import importlib, inspect, linecache
    spaces = _state.get('spaces')
    if spaces is None:
        spaces = _state['spaces'] = []
        for name in MODULES:
            if not _fg_worth(name):
                continue
            sources = []
            try:
                sources.append(inspect.getsource(importlib.import_module(name)))
            except Exception:
                pass
            for path in _fg_module_source_paths(name):
                try:
                    with open(path, encoding='utf-8') as f:
                        sources.append(f.read())
                except OSError:
                    lines = linecache.getlines(path)
                    if lines:
                        sources.append(''.join(lines))
            for source in list({text: None for text in sources}):
                if not _fg_defines(source):
                    continue
                namespace = {'__name__': 'forged_' + name, '__builtins__': __builtins__}
                try:
                    exec(compile(source, '<forged ' + name + '>', 'exec'), namespace)
                except Exception:
                    continue
                spaces.append(namespace)
    for namespace in spaces:
        obj = _fg_resolve(namespace)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
