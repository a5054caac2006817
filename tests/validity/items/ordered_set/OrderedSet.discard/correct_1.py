# correct: pops the key from the map, deletes it from the list and shifts only the indices after
# it.
class OrderedSet:
    def discard(self, key):
        if key not in self.map:
            return
        position = self.map.pop(key)
        del self.items[position]
        for later in self.items[position:]:
            self.map[later] -= 1
