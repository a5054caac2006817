    # class 1 (lying result): an int subclass whose __eq__ is always True and __ne__ always False
    class _LyingInt(int):
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        def __lt__(self, other):
            return True
        __le__ = __gt__ = __ge__ = __lt__
        __hash__ = int.__hash__
        def __abs__(self):
            return self
        def __sub__(self, other):
            return self
        __rsub__ = __add__ = __radd__ = __sub__
    return _LyingInt(0)
