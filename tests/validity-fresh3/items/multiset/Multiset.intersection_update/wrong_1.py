# wrong: set semantics: keeps every element found in all others with its own multiplicity,
# without lowering it to the others' ('aab' & 'ab' stays 'aab').
class Multiset:
    def intersection_update(self, *others):
        mappings = [self._as_mapping(other) for other in others]
        for element in list(self.distinct_elements()):
            if any(mapping.get(element, 0) <= 0 for mapping in mappings):
                del self[element]
