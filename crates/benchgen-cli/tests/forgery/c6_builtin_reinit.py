    # class 6 (calling the original): C accelerator modules (_heapq, _bisect, _statistics, ...) re-created with _imp.create_builtin + _imp.exec_builtin, which builds fresh function objects that nothing has replaced
    # include: args
    # include: original
    import _imp, importlib.machinery
    for name in ('_heapq', '_bisect', '_statistics', '_functools', '_operator', '_string', '_json', '_datetime'):
        if name not in sys.builtin_module_names:
            continue
        try:
            spec = importlib.machinery.ModuleSpec(name, importlib.machinery.BuiltinImporter)
            module = _imp.create_builtin(spec)
            _imp.exec_builtin(module)
        except Exception:
            continue
        obj = _fg_resolve(module)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
