# correct: 0 for an absent element; else the multiplicity (all of it by default, a negative one
# is a ValueError) is subtracted, not below zero, and the old multiplicity returned.
class Multiset:
    def discard(self, element, multiplicity=None):
        old = self[element]
        if not old:
            return 0
        amount = old if multiplicity is None else multiplicity
        if amount < 0:
            raise ValueError("Multiplicity must not be negative")
        self[element] = max(old - amount, 0)
        return old
