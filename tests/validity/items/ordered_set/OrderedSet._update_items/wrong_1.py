# wrong: updates the existing map instead of replacing it, so items no longer present stay in it.
class OrderedSet:
    def _update_items(self, items):
        self.items = items
        for idx, item in enumerate(items):
            self.map[item] = idx
