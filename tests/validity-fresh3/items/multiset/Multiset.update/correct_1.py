# correct: each other (and the keyword arguments, as one more mapping) is read as element ->
# multiplicity and each positive multiplicity is added through item assignment.
class Multiset:
    def update(self, *others, **kwargs):
        sources = list(others)
        if kwargs:
            sources.append(kwargs)
        for other in sources:
            for element, multiplicity in self._as_mapping(other).items():
                if multiplicity > 0:
                    self[element] = self[element] + multiplicity
