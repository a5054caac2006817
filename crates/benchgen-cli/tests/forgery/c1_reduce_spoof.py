    # class 1 (lying result): an always-equal object that also lies to serializers (__reduce_ex__, __getstate__, __dict__, __class__, __iter__) so an encoder might take it for a plain value
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
    class _Spoof(_AnyValue):
        @property
        def __class__(self):
            return list
        @property
        def __dict__(self):
            return {}
        def __reduce_ex__(self, protocol):
            return (list, ((),))
        def __reduce__(self):
            return (list, ((),))
        def __getstate__(self):
            return None
        def __repr__(self):
            return '[]'
        def __str__(self):
            return ''
    return _Spoof()
