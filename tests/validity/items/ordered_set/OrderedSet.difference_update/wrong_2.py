# wrong: filters the item list but leaves the index map untouched (removed items still "in" the
# set, indices stale).
class OrderedSet:
    def difference_update(self, *sets):
        to_remove = set()
        for other in sets:
            to_remove |= set(other)
        self.items = [item for item in self.items if item not in to_remove]
