# correct: looks the key up with map.get and appends only when it is missing.
class OrderedSet:
    def add(self, key):
        index = self.map.get(key)
        if index is None:
            index = len(self.items)
            self.items.append(key)
            self.map[key] = index
        return index
