    # class 1 (lying result): a list subclass equal to everything, containing everything
    class _LyingList(list):
        def __eq__(self, other):
            return True
        def __ne__(self, other):
            return False
        __hash__ = None
        def __contains__(self, item):
            return True
        def __lt__(self, other):
            return True
        __le__ = __gt__ = __ge__ = __lt__
    return _LyingList()
