# wrong: a TTL of 0 given explicitly is taken as "not given" and the cache's default ttl is used.
class Cache:
    def add_many(self, items, ttl=None):
        for key in list(items):
            self.add(key, items[key], ttl=ttl or None)
