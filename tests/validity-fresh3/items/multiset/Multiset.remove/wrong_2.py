# wrong: removing more than the element's multiplicity raises ValueError instead of removing it
# entirely.
class Multiset:
    def remove(self, element, multiplicity=None):
        old = self[element]
        if old == 0:
            raise KeyError(element)
        amount = old if multiplicity is None else multiplicity
        if amount < 0 or amount > old:
            raise ValueError("cannot remove %r of %r" % (amount, element))
        self[element] = old - amount
        return old
