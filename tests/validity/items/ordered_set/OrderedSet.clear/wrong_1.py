# wrong: empties the item list but leaves the index map, so membership still reports old items.
class OrderedSet:
    def clear(self):
        del self.items[:]
