    # class 1 (lying result): an int subclass posing as bool (isinstance via __class__), truthy, equal to True, False, None and everything else
    class _LyingBool(int):
        @property
        def __class__(self):
            return bool
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = int.__hash__
        def __bool__(self):
            return True
        def __repr__(self):
            return 'True'
    return _LyingBool(1)
