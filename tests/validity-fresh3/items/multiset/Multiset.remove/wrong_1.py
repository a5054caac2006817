# wrong: returns the multiplicity left after the removal instead of the one before it.
class Multiset:
    def remove(self, element, multiplicity=None):
        old = self[element]
        if old == 0:
            raise KeyError(element)
        amount = old if multiplicity is None else multiplicity
        if amount < 0:
            raise ValueError("Multiplicity must be not be negative")
        self[element] = max(old - amount, 0)
        return self[element]
