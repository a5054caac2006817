# wrong: no empty check, so an empty set raises IndexError (from list.pop) instead of KeyError.
class OrderedSet:
    def pop(self, index=-1):
        elem = self.items.pop(index)
        del self.map[elem]
        return elem
