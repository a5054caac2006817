# wrong: changes the element dict directly and never updates the running total, so len() is stale.
class Multiset:
    def symmetric_difference_update(self, other):
        mapping = self._as_mapping(other)
        for element in set(self._elements) | set(mapping):
            difference = abs(self._elements.get(element, 0) - mapping.get(element, 0))
            if difference:
                self._elements[element] = difference
            else:
                self._elements.pop(element, None)
