# correct: converts every other set once, keeps the items of the first set present in all of them.
class OrderedSet:
    def intersection(self, *sets):
        cls = self.__class__ if isinstance(self, OrderedSet) else OrderedSet
        others = [set(other) for other in sets]
        return cls([item for item in self if all(item in other for other in others)])
