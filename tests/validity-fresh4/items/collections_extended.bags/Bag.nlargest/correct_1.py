# correct: (element, count) pairs sorted by count, most common first; the first n of them, or all
# when n is None.
class Bag:
    def nlargest(self, n=None):
        pairs = sorted(self._dict.items(), key=lambda pair: -pair[1])
        if n is None:
            return pairs
        return pairs[:n]
