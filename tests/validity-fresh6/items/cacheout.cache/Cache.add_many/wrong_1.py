# wrong: the ttl argument is dropped.
class Cache:
    def add_many(self, items, ttl=None):
        for key in list(items):
            self.add(key, items[key])
