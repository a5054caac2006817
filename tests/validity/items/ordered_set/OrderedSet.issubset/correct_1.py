# correct: checks every item's membership in a set built from the other collection.
class OrderedSet:
    def issubset(self, other):
        other_items = set(other)
        for item in self:
            if item not in other_items:
                return False
        return True
