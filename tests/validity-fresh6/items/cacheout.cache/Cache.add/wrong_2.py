# wrong: the expiry is stored as the TTL itself, not as the timer's time plus the TTL.
class Cache:
    def add(self, key, value, ttl=None):
        with self._lock:
            if key in self._cache and not self.expired(key):
                return None
            if ttl is None:
                ttl = self.ttl
            self.set(key, value, ttl=0)
            if ttl and ttl > 0:
                self._expire_times[key] = ttl
            return None
