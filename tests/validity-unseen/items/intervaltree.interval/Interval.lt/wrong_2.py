# wrong: only self is checked for being null; a null Interval argument is compared instead of
# raising ValueError.
class Interval:
    def lt(self, other):
        if self.is_null():
            raise ValueError("Cannot compare null Intervals!")
        if isinstance(other, Interval):
            return self.end <= other.begin
        return self.end <= other
