# wrong: the direction is reversed: tests whether this set is contained in other.
class OrderedSet:
    def issuperset(self, other):
        if len(self) > len(other):
            return False
        return all(item in other for item in self)
