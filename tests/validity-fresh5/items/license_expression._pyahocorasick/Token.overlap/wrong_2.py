# wrong: only checks whether the other token starts inside this one.
class Token:
    def overlap(self, other):
        return self.start <= other.start <= self.end
