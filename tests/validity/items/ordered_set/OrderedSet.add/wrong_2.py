# wrong: no membership check: a key already present is appended again and re-indexed.
class OrderedSet:
    def add(self, key):
        self.map[key] = len(self.items)
        self.items.append(key)
        return self.map[key]
