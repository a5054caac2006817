# wrong: the mapping is written straight into the storage: no eviction at maxsize, no TTL, no on_set.
class Cache:
    def set_many(self, items, ttl=None):
        with self._lock:
            for key, value in items.items():
                self._cache.pop(key, None)
                self._cache[key] = value
