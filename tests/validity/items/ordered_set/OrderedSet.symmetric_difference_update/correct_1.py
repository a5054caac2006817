# correct: materialises other once, keeps this set's items not in it, then appends (once each)
# the items of other that this set did not have.
class OrderedSet:
    def symmetric_difference_update(self, other):
        other_items = list(other)
        other_set = set(other_items)
        present = set(self.items)
        result = [item for item in self.items if item not in other_set]
        for item in other_items:
            if item not in present:
                present.add(item)
                result.append(item)
        self._update_items(result)
