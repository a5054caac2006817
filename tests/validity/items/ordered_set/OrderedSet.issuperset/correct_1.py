# correct: uses the built-in set comparison on plain sets.
class OrderedSet:
    def issuperset(self, other):
        return set(self.items) >= set(other)
