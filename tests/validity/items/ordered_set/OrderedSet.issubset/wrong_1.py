# wrong: a proper-subset test: an equal set is reported as not a subset.
class OrderedSet:
    def issubset(self, other):
        if len(self) >= len(other):
            return False
        return all(item in other for item in self)
