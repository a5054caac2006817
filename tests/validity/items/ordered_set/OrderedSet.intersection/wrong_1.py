# wrong: intersects as plain sets, losing the order of the first set.
class OrderedSet:
    def intersection(self, *sets):
        cls = self.__class__ if isinstance(self, OrderedSet) else OrderedSet
        return cls(set(self).intersection(*sets))
