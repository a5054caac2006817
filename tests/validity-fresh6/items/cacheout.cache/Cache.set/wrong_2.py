# wrong: a ttl of 0 given in the call falls back to the cache's default ttl (the docstring says only None does).
class Cache:
    def set(self, key, value, ttl=None):
        with self._lock:
            ttl = ttl or self.ttl
            if key in self._cache:
                old_value = self._cache.pop(key)
            else:
                old_value = UNSET
                self.evict()
            self._expire_times.pop(key, None)
            self._cache[key] = value
            if ttl and ttl > 0:
                self._expire_times[key] = self.timer() + ttl
            if self.on_set:
                self.on_set(key, value, old_value)
