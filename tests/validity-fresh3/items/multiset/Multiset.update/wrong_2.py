# wrong: adds to the element dict directly and forgets the running total, so len() is stale.
class Multiset:
    def update(self, *others, **kwargs):
        for other in others + (kwargs,):
            for element, multiplicity in self._as_mapping(other).items():
                if multiplicity > 0:
                    self._elements[element] += multiplicity
