# correct: for every element of every other, its multiplicity here becomes the larger of the two
# (set through item assignment, which keeps the total).
class Multiset:
    def union_update(self, *others):
        for other in others:
            for element, multiplicity in self._as_mapping(other).items():
                if multiplicity > self[element]:
                    self[element] = multiplicity
