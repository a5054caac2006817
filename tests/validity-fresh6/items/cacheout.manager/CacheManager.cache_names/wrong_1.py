# wrong: returns the dict's live keys view, not a list.
class CacheManager:
    def cache_names(self):
        return self._caches.keys()
