# wrong: raises KeyError when the key is absent (the docstring says not to).
class OrderedSet:
    def discard(self, key):
        i = self.map[key]
        del self.items[i]
        del self.map[key]
        for k, v in self.map.items():
            if v >= i:
                self.map[k] = v - 1
