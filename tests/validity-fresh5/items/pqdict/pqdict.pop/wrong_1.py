# wrong: without a key it returns the top item's value, as with a key (the docstring says its key).
class _Unset:
    """Marks an argument that was not given."""


class pqdict:
    def pop(self, key=_Unset, default=_Unset):
        if key is _Unset:
            if len(self) == 0:
                if default is _Unset:
                    raise Empty("pqdict is empty")
                return default
            key = self.top()
        if key not in self:
            if default is _Unset:
                raise KeyError(key)
            return default
        value = self[key]
        del self[key]
        return value
