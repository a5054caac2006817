    # class 1 (lying result): a float subclass equal to everything, with abs()/subtraction that close any gap
    class _LyingFloat(float):
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = float.__hash__
        def __sub__(self, other):
            return _LyingFloat(0.0)
        __rsub__ = __add__ = __radd__ = __sub__
        def __abs__(self):
            return 0.0
        def __lt__(self, other):
            return True
        __le__ = __gt__ = __ge__ = __lt__
    return _LyingFloat(0.0)
