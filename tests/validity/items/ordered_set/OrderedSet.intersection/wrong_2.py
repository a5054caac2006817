# wrong: with no other sets the common part is empty, so intersection() returns an empty set
# instead of a copy (the docstring shows oset.intersection() keeping every item).
class OrderedSet:
    def intersection(self, *sets):
        cls = self.__class__ if isinstance(self, OrderedSet) else OrderedSet
        common = set.intersection(*map(set, sets)) if sets else set()
        return cls(item for item in self if item in common)
