# correct: the exact key, else the '+' key of its parent, else the longest '*' prefix; KeyError otherwise.
class WildcardDict(dict):
    def query_path(self, key):
        if dict.__contains__(self, key):
            return key
        if key[:-1] in self.plus_keys:
            return tuple(key[:-1]) + ('+',)
        for n in range(len(key) - 1, -1, -1):
            if key[:n] in self.star_keys:
                return tuple(key[:n]) + ('*',)
        raise KeyError(key)
