# correct: builds the new index map with an explicit loop before installing both.
class OrderedSet:
    def _update_items(self, items):
        new_map = {}
        for position, item in enumerate(items):
            new_map[item] = position
        self.items = items
        self.map = new_map
