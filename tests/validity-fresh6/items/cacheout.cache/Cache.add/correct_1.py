# correct: a live entry is left alone; otherwise the value is set through set(), which applies the TTL (the cache's default when none is given).
class Cache:
    def add(self, key, value, ttl=None):
        with self._lock:
            if key in self._cache and not self.expired(key):
                return None
            self.set(key, value, ttl=ttl)
            return None
