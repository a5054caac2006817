# correct: the value stored under the top key.
class _Unset:
    """Marks an argument that was not given."""


class pqdict:
    def topvalue(self, default=_Unset):
        if len(self):
            return self[self.top()]
        if default is not _Unset:
            return default
        raise Empty("pqdict is empty")
