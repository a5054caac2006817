# wrong: ignores `index`; always removes the last item.
class OrderedSet:
    def pop(self, index=-1):
        if not self.items:
            raise KeyError("Set is empty")
        elem = self.items.pop()
        del self.map[elem]
        return elem
