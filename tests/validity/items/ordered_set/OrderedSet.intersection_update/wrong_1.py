# wrong: takes the order of the other set instead of preserving this set's order.
class OrderedSet:
    def intersection_update(self, other):
        self._update_items([item for item in other if item in self])
