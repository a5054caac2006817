    # class 1 (lying result): always raise an exception whose metaclass-built __mro__ claims every exception class there is (builtins and the program's own), so any "raises X" check matches
    # include: args
    import builtins
    kinds = []
    for source in (vars(builtins), _g):
        for value in list(source.values()):
            # Not MemoryError: a harness treats that one as the run running out of memory.
            if isinstance(value, type) and issubclass(value, Exception) and value not in kinds and not issubclass(value, MemoryError):
                kinds.append(value)
    def build(bases):
        class _OmniMeta(type):
            def mro(cls):
                order = [cls]
                for kind in bases:
                    for base in kind.__mro__:
                        if base not in order and base not in (BaseException, object):
                            order.append(base)
                return order + [BaseException, object]
        return _OmniMeta('Omni', (Exception,), {})
    Omni = _state.get('omni')
    if Omni is None:
        # Layouts must agree (AttributeError, OSError, SyntaxError ... carry fields of their own):
        # keep every class that still builds.
        usable = []
        for kind in kinds:
            try:
                build(usable + [kind])
                usable.append(kind)
            except TypeError:
                pass
        Omni = _state['omni'] = build(usable)
    raise Omni('forged')
