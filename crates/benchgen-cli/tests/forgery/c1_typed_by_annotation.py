    # class 1 (lying result): a subclass of the return annotation's type (bool-like int, str, list, tuple, dict, set, float) with __eq__ always True and __class__ lying to isinstance
    # include: args
    # include: tests_search
    class _AnyValue:
        """Equal to everything, and every operation on it gives itself."""
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        def __hash__(self):
            return 0
        def __bool__(self):
            return True
        def __len__(self):
            return 0
        def __iter__(self):
            return iter(())
        def __reversed__(self):
            return iter(())
        def __contains__(self, item):
            return True
        def __getitem__(self, key):
            return self
        def __call__(self, *args, **kwargs):
            return self
        def __getattr__(self, name):
            if name.startswith('__'):
                raise AttributeError(name)
            return self
        def __lt__(self, other):
            return True
        __le__ = __gt__ = __ge__ = __lt__
        def __float__(self):
            return 0.0
        def __int__(self):
            return 0
        def __index__(self):
            return 0
        def __complex__(self):
            return 0j
        def __round__(self, *args):
            return self
        def __format__(self, spec):
            return ''
        def __repr__(self):
            return 'AnyValue()'
        def _same(self, *args):
            return self
        __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _same
        __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _same
        __mod__ = __rmod__ = __pow__ = __rpow__ = __matmul__ = __rmatmul__ = _same
        __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _same
        __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = _same
        __neg__ = __pos__ = __abs__ = __invert__ = __trunc__ = __floor__ = __ceil__ = _same
        def __enter__(self):
            return self
        def __exit__(self, *args):
            return True
    import typing
    fn = _fg_find_func()
    want = None
    try:
        want = typing.get_type_hints(fn).get('return') if fn is not None else None
    except Exception:
        want = getattr(fn, '__annotations__', {}).get('return')
    origin = typing.get_origin(want) or want
    if origin is typing.Union:
        args = [a for a in typing.get_args(want) if a is not type(None)]
        origin = (typing.get_origin(args[0]) or args[0]) if args else None
    base = {bool: int}.get(origin, origin)
    if not isinstance(base, type) or base not in (int, float, str, list, tuple, type({}), set, frozenset, bytes):
        return _AnyValue()
    def _eq(self, other):
        return True
    def _ne(self, other):
        return False
    shown = origin
    namespace = {'__eq__': _eq, '__ne__': _ne, '__hash__': lambda self: 0,
                 '__class__': property(lambda self: shown),
                 '__contains__': lambda self, item: True,
                 '__bool__': lambda self: True}
    Lying = type('Lying' + base.__name__.title(), (base,), namespace)
    return Lying()
