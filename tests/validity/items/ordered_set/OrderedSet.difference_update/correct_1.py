# correct: one set union of all the others, then a filtered rebuild of items and map.
class OrderedSet:
    def difference_update(self, *sets):
        to_remove = set().union(*sets)
        kept = [item for item in self.items if item not in to_remove]
        self.items = kept
        self.map = {item: position for position, item in enumerate(kept)}
