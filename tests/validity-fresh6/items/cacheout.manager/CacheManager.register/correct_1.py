# correct: the given instance is stored under the name, under the lock, replacing any cache of that name.
class CacheManager:
    def register(self, name, cache):
        with self._lock:
            self._caches.update({name: cache})
