# correct: the other is read as element -> multiplicity, keeping only positive multiplicities (as
# its conversion to a Multiset does); every element of either side then gets the absolute
# difference of its two multiplicities (item assignment removes the ones that become 0).
class Multiset:
    def symmetric_difference_update(self, other):
        mapping = {element: multiplicity
                   for element, multiplicity in self._as_mapping(other).items() if multiplicity > 0}
        elements = list(self.distinct_elements())
        elements += [element for element in mapping if element not in self._elements]
        for element in elements:
            self[element] = abs(self[element] - mapping.get(element, 0))
