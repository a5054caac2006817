# wrong: without a ttl argument the entry never expires (the cache's default ttl is ignored).
class Cache:
    def add(self, key, value, ttl=None):
        with self._lock:
            if key in self._cache and not self.expired(key):
                return None
            self.set(key, value, ttl=ttl or 0)
            return None
