# correct: KeyError for an absent element; else the multiplicity (all of it by default, a negative
# one is a ValueError) is subtracted, not below zero, and the old multiplicity returned.
class Multiset:
    def remove(self, element, multiplicity=None):
        old = self[element]
        if old == 0:
            raise KeyError(element)
        amount = old if multiplicity is None else multiplicity
        if amount < 0:
            raise ValueError("Multiplicity must be not be negative")
        self[element] = max(old - amount, 0)
        return old
