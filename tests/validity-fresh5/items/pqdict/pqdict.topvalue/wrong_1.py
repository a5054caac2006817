# wrong: the top node's priority key (the value after the key function) instead of the value.
class _Unset:
    """Marks an argument that was not given."""


class pqdict:
    def topvalue(self, default=_Unset):
        if self._heap:
            return self._heap[0].prio
        if default is not _Unset:
            return default
        raise Empty("pqdict is empty")
