# wrong: only removes the items of the first set; further sets are ignored.
class OrderedSet:
    def difference_update(self, *sets):
        if not sets:
            return
        to_remove = set(sets[0])
        self._update_items([item for item in self.items if item not in to_remove])
