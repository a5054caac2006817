# wrong: set semantics: elements found on both sides are removed entirely and the others keep
# their multiplicity ('aab' ^ 'abc' gives 'c', not 'ac').
class Multiset:
    def symmetric_difference_update(self, other):
        mapping = self._as_mapping(other)
        shared = [element for element in self.distinct_elements() if mapping.get(element, 0) > 0]
        for element, multiplicity in mapping.items():
            if multiplicity > 0 and element not in self:
                self[element] = multiplicity
        for element in shared:
            del self[element]
