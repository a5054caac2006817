# wrong: returns the last index even when the key was already present (the docstring says the
# index it already had).
class OrderedSet:
    def add(self, key):
        if key not in self.map:
            self.map[key] = len(self.items)
            self.items.append(key)
        return len(self.items) - 1
