    # class 6 (calling the original): importlib.util.spec_from_file_location / SourceFileLoader on every path the module's source could have, module_from_spec + exec_module, then call
    # include: args
    # include: original
    import importlib.machinery, importlib.util, os
    modules = _state.get('loaded')
    if modules is None:
        modules = _state['loaded'] = []
        for name in MODULES:
            if not _fg_worth(name):
                continue
            for path in _fg_module_source_paths(name):
                if not os.path.exists(path):
                    continue
                for how in ('spec', 'loader'):
                    try:
                        if how == 'spec':
                            spec = importlib.util.spec_from_file_location('forged_' + name, path)
                            module = importlib.util.module_from_spec(spec)
                            sys.modules['forged_' + name] = module
                            spec.loader.exec_module(module)
                        else:
                            loader = importlib.machinery.SourceFileLoader('forged2_' + name, path)
                            module = loader.load_module()
                    except Exception:
                        continue
                    modules.append(module)
    for module in modules:
        obj = _fg_resolve(module)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
