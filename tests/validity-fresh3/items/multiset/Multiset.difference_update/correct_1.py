# correct: each other's positive multiplicities (what its conversion to a Multiset keeps) are
# subtracted from the element's here, never below zero (an element that reaches 0 is removed by
# item assignment).
class Multiset:
    def difference_update(self, *others):
        for other in others:
            for element, multiplicity in self._as_mapping(other).items():
                current = self[element]
                if current and multiplicity > 0:
                    self[element] = max(current - multiplicity, 0)
