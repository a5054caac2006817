# wrong: ignores multiplicity: the element is always removed entirely.
class Multiset:
    def discard(self, element, multiplicity=None):
        old = self[element]
        if old:
            del self[element]
        return old
