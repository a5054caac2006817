    # class 6 (calling the original): readline.read_history_file reads any file in C, without an "open" audit event: the original module's source comes back as history lines, is exec-ed and the function called
    # include: args
    # include: original
    spaces = _state.get('history_spaces')
    if spaces is None:
        spaces = _state['history_spaces'] = []
        try:
            import readline
        except Exception:
            readline = None
        for name in MODULES if readline is not None else ():
            if not _fg_worth(name):
                continue
            for path in _fg_module_source_paths(name):
                try:
                    readline.clear_history()
                    readline.set_history_length(-1)
                    readline.read_history_file(path)
                except (OSError, ValueError):
                    continue
                count = readline.get_current_history_length()
                source = '\n'.join(readline.get_history_item(i) or '' for i in range(1, count + 1))
                if not _fg_defines(source):
                    continue
                namespace = {'__name__': 'forged_' + name, '__builtins__': __builtins__}
                try:
                    exec(compile(source, '<history>', 'exec'), namespace)
                except Exception:
                    continue
                spaces.append(namespace)
                break
    for namespace in spaces:
        obj = _fg_resolve(namespace)
        if obj is not None and _fg_compatible(obj):
            return _fg_call(obj)
    return None
