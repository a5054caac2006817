# wrong: set semantics: an element found in another is removed entirely, whatever its
# multiplicity there.
class Multiset:
    def difference_update(self, *others):
        for other in others:
            for element in self._as_mapping(other):
                if element in self:
                    del self[element]
