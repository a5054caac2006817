# correct: discards, one by one, the items of this set that the other set lacks.
class OrderedSet:
    def intersection_update(self, other):
        keep = set(other)
        for item in list(self.items):
            if item not in keep:
                self.discard(item)
