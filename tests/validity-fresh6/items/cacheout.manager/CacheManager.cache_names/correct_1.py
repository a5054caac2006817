# correct: the names in the order the caches were registered, as a new list.
class CacheManager:
    def cache_names(self):
        with self._lock:
            return [name for name in self._caches]
