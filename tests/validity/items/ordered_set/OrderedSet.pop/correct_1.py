# correct: list.pop on the items, then rebuilds the whole index map.
class OrderedSet:
    def pop(self, index=-1):
        if len(self.items) == 0:
            raise KeyError("Set is empty")
        elem = self.items.pop(index)
        self.map = {item: position for position, item in enumerate(self.items)}
        return elem
