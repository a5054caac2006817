# wrong: a callable default's value is returned but not stored for the key (the docstring says it is set).
class Cache:
    def get(self, key, default=None):
        with self._lock:
            present = key in self._cache
            if present and self.expired(key):
                self._delete(key, RemovalCause.EXPIRED)
                present = False
            if present:
                value = self._cache[key]
                self.stats.inc_hit_count()
            else:
                self.stats.inc_miss_count()
                fallback = self.default if default is None else default
                value = fallback(key) if callable(fallback) else fallback
            if self.on_get:
                self.on_get(key, value, present)
            return value
