# correct: a negative factor raises ValueError; otherwise every multiplicity is multiplied through
# item assignment (a factor of 0 thereby removes every element).
class Multiset:
    def times_update(self, factor):
        if factor < 0:
            raise ValueError("The factor must not be negative.")
        for element, multiplicity in list(self.items()):
            self[element] = multiplicity * factor
