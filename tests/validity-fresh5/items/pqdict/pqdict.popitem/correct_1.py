# correct: reads the top item, then removes its key through the mapping API.
class _Unset:
    """Marks an argument that was not given."""


class pqdict:
    def popitem(self, default=_Unset):
        if not len(self):
            if default is _Unset:
                raise Empty("pqdict is empty")
            return default
        key, value = self.topitem()
        del self[key]
        return (key, value)
