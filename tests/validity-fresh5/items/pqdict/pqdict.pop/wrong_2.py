# wrong: popping an empty pqdict raises a plain KeyError, not Empty.
class _Unset:
    """Marks an argument that was not given."""


class pqdict:
    def pop(self, key=_Unset, default=_Unset):
        if key is _Unset:
            if len(self) == 0:
                if default is _Unset:
                    raise KeyError("pqdict is empty")
                return default
            top_key = self.top()
            del self[top_key]
            return top_key
        if key not in self:
            if default is _Unset:
                raise KeyError(key)
            return default
        value = self[key]
        del self[key]
        return value
