# wrong: for an iterable of entries, silently skips the ones that are not present.
from collections.abc import Iterable


class OrderedSet:
    def index(self, key):
        if isinstance(key, Iterable) and not _is_atomic(key):
            return [self.map[subkey] for subkey in key if subkey in self.map]
        return self.map[key]
