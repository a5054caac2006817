# correct: each pair in the mapping's order through set(), under the lock, with the same ttl.
class Cache:
    def set_many(self, items, ttl=None):
        with self._lock:
            for key in list(items):
                self.set(key, items[key], ttl=ttl)
