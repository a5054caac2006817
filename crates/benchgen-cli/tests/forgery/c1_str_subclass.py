    # class 1 (lying result): a str subclass whose __eq__ is always True and whose __contains__/startswith say yes
    class _LyingStr(str):
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = str.__hash__
        def __contains__(self, item):
            return True
        def startswith(self, *args):
            return True
        def endswith(self, *args):
            return True
    return _LyingStr('')
