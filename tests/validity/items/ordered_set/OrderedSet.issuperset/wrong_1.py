# wrong: a proper-superset test: an equal set is reported as not a superset.
class OrderedSet:
    def issuperset(self, other):
        if len(self) <= len(other):
            return False
        return all(item in self for item in other)
