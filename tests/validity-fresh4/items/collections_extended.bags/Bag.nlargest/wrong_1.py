# wrong: least common first.
class Bag:
    def nlargest(self, n=None):
        pairs = sorted(self._dict.items(), key=lambda pair: pair[1])
        if n is None:
            return pairs
        return pairs[:n]
