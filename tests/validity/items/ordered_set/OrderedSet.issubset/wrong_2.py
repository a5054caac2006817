# wrong: the direction is reversed: tests whether other is contained in this set.
class OrderedSet:
    def issubset(self, other):
        if len(other) > len(self):
            return False
        return all(item in self for item in other)
