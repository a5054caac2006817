# wrong: a new cache of the manager's cache_class is stored instead of the given instance (its settings lost).
class CacheManager:
    def register(self, name, cache):
        with self._lock:
            self._caches[name] = self._create_cache()
