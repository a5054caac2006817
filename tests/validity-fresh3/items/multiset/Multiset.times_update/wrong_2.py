# wrong: no check for a negative factor: the multiset is emptied instead of ValueError.
class Multiset:
    def times_update(self, factor):
        for element, multiplicity in list(self.items()):
            self[element] = multiplicity * factor
