# wrong: the '*' wildcard is tried before the '+' one (the class docstring says '+' first).
class WildcardDict(dict):
    def query_path(self, key):
        if dict.__contains__(self, key):
            return key
        for n in range(len(key) - 1, -1, -1):
            if key[:n] in self.star_keys:
                return tuple(key[:n]) + ('*',)
        if key[:-1] in self.plus_keys:
            return tuple(key[:-1]) + ('+',)
        raise KeyError(key)
