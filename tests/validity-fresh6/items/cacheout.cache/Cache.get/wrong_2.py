# wrong: the cache's own default wins over the `default` argument (the docstring gives the argument precedence).
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
                fallback = default if self.default is None else self.default
                if callable(fallback):
                    value = fallback(key)
                    self._set(key, value)
                else:
                    value = fallback
            if self.on_get:
                self.on_get(key, value, present)
            return value
