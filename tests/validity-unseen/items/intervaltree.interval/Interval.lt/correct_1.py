# correct: checks nullness itself (begin >= end) for self and for an Interval argument, then
# compares self.end with the other's lower edge (the point itself for a point).
class Interval:
    def lt(self, other):
        if not self.begin < self.end:
            raise ValueError("Cannot compare null Intervals!")
        if isinstance(other, Interval):
            if not other.begin < other.end:
                raise ValueError("Cannot compare null Intervals!")
            lower = other.begin
        else:
            lower = other
        return self.end <= lower
