# wrong: subtracts in the element dict directly and deletes only counts of exactly 0, so removing
# more than is there (or an element that is not there) leaves a negative count.
class Multiset:
    def difference_update(self, *others):
        for other in others:
            for element, multiplicity in self._as_mapping(other).items():
                self._elements[element] -= multiplicity
                self._total -= multiplicity
                if self._elements[element] == 0:
                    del self._elements[element]
