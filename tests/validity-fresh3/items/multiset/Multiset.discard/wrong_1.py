# wrong: an absent element raises KeyError (like remove) instead of returning 0.
class Multiset:
    def discard(self, element, multiplicity=None):
        old = self[element]
        if not old:
            raise KeyError(element)
        amount = old if multiplicity is None else multiplicity
        if amount < 0:
            raise ValueError("Multiplicity must not be negative")
        self[element] = max(old - amount, 0)
        return old
