# wrong: adds the multiplicities (like update/combine) instead of taking the maximum.
class Multiset:
    def union_update(self, *others):
        for other in others:
            for element, multiplicity in self._as_mapping(other).items():
                if multiplicity > 0:
                    self[element] = self[element] + multiplicity
