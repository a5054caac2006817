# wrong: writes the minimum into the element dict directly, so elements whose count drops to 0
# stay in it (the multiset still reports them as contained).
class Multiset:
    def intersection_update(self, *others):
        for other in others:
            mapping = self._as_mapping(other)
            for element, count in list(self._elements.items()):
                smaller = min(count, mapping.get(element, 0))
                self._total -= count - smaller
                self._elements[element] = smaller
