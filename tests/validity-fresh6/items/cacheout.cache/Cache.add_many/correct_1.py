# correct: each pair through add(), so existing live keys stay, with the same ttl.
class Cache:
    def add_many(self, items, ttl=None):
        for key in list(items):
            self.add(key, items[key], ttl=ttl)
