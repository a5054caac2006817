# wrong: lists the elements alone, without their counts.
class Bag:
    def nlargest(self, n=None):
        elements = sorted(self._dict, key=lambda element: -self._dict[element])
        if n is None:
            return elements
        return elements[:n]
