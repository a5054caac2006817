# wrong: the keyword arguments are ignored; only the positional others are added.
class Multiset:
    def update(self, *others, **kwargs):
        for other in others:
            for element, multiplicity in self._as_mapping(other).items():
                if multiplicity > 0:
                    self[element] = self[element] + multiplicity
