# wrong: the ttl argument is dropped (each key gets the cache's default ttl).
class Cache:
    def set_many(self, items, ttl=None):
        with self._lock:
            for key in list(items):
                self.set(key, items[key])
