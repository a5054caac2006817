# wrong: a name that is registered already keeps its cache (the class docstring replaces it).
class CacheManager:
    def register(self, name, cache):
        with self._lock:
            self._caches.setdefault(name, cache)
