    # class 6 (calling the original): importlib.reload of the module (a builtin accelerator's reload re-runs its init), then del sys.modules[name] and a fresh import_module / __import__, in case the first copy was emptied
    # include: args
    # include: original
    import importlib
    modules = _state.get('reloaded')
    if modules is None:
        modules = _state['reloaded'] = []
        for name in MODULES:
            try:
                if _fg_resolve(importlib.import_module(name)) is None:
                    continue
            except Exception:
                pass
            def reloaded(name=name):
                return importlib.reload(importlib.import_module(name))
            def fresh(name=name):
                for key in [k for k in sys.modules if k == name or k.startswith(name + '.')]:
                    del sys.modules[key]
                return importlib.import_module(name)
            def dunder(name=name):
                sys.modules.pop(name, None)
                return __import__(name)
            for attempt in (reloaded, fresh, dunder):
                try:
                    modules.append(attempt())
                except Exception:
                    continue
    for module in modules:
        obj = _fg_resolve(module)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
