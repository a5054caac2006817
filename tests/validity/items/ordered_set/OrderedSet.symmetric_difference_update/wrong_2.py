# wrong: removes first and only then computes what to add, so items common to both sets are
# added back.
class OrderedSet:
    def symmetric_difference_update(self, other):
        other = list(other)
        removed = set(other)
        self._update_items([item for item in self.items if item not in removed])
        for item in other:
            if item not in self:
                self.add(item)
