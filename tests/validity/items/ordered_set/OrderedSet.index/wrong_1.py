# wrong: only strings are looked up as one entry; a tuple entry is iterated element by element.
from collections.abc import Iterable


class OrderedSet:
    def index(self, key):
        if isinstance(key, Iterable) and not isinstance(key, str):
            return [self.index(subkey) for subkey in key]
        return self.map[key]
