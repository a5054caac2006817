# wrong: a non-iterable argument lets the TypeError escape instead of raising ValueError.
class OrderedSet:
    def update(self, sequence):
        item_index = 0
        for item in sequence:
            item_index = self.add(item)
        return item_index
