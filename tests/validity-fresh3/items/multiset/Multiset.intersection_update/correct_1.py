# correct: each element's multiplicity becomes the smallest of its multiplicities here and in every
# other (0 removes it), set through item assignment.
class Multiset:
    def intersection_update(self, *others):
        mappings = [self._as_mapping(other) for other in others]
        for element in list(self.distinct_elements()):
            smallest = self[element]
            for mapping in mappings:
                smallest = min(smallest, mapping.get(element, 0))
            if smallest != self[element]:
                self[element] = smallest
