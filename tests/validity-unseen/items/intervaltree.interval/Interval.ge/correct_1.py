# correct: validates both sides with is_null explicitly, then compares begins (or begin with
# the point).
class Interval:
    def ge(self, other):
        if self.is_null() or (isinstance(other, Interval) and other.is_null()):
            raise ValueError("Cannot compare null Intervals!")
        lower = other.begin if isinstance(other, Interval) else other
        return self.begin >= lower
