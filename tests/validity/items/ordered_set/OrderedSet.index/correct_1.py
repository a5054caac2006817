# correct: asks _is_atomic first, then tries iter() to tell a single entry from a collection of
# entries; a missing entry raises KeyError explicitly.
class OrderedSet:
    def index(self, key):
        def _alt_lookup(entry):
            position = self.map.get(entry, -1)
            if position < 0:
                raise KeyError(entry)
            return position

        if not _is_atomic(key):
            try:
                entries = iter(key)
            except TypeError:
                pass
            else:
                return [_alt_lookup(entry) for entry in entries]
        return _alt_lookup(key)
