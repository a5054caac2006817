# wrong: returns a set of the names, not a list.
class CacheManager:
    def cache_names(self):
        return set(self._caches)
