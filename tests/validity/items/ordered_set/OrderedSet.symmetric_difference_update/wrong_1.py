# wrong: puts the added items of other before the kept items of this set.
class OrderedSet:
    def symmetric_difference_update(self, other):
        items_to_add = [item for item in other if item not in self]
        items_to_remove = set(other)
        self._update_items(
            items_to_add + [item for item in self.items if item not in items_to_remove]
        )
