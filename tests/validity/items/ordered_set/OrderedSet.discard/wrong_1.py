# wrong: removes the key but does not shift the indices of the items after it, so index() and
# later operations see stale positions.
class OrderedSet:
    def discard(self, key):
        if key in self.map:
            position = self.map.pop(key)
            del self.items[position]
