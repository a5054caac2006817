# wrong: only the first of the others is taken into account.
class Multiset:
    def union_update(self, *others):
        if not others:
            return
        for element, multiplicity in self._as_mapping(others[0]).items():
            if multiplicity > self[element]:
                self[element] = multiplicity
