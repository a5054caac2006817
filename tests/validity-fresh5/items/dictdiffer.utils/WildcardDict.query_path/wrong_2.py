# wrong: only wildcard keys are searched; a key stored as it is raises KeyError.
class WildcardDict(dict):
    def query_path(self, key):
        if key[:-1] in self.plus_keys:
            return tuple(key[:-1]) + ('+',)
        for n in range(len(key) - 1, -1, -1):
            if key[:n] in self.star_keys:
                return tuple(key[:n]) + ('*',)
        raise KeyError(key)
