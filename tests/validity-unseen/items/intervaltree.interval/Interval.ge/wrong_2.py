# wrong: never checks the argument for nullness (only self).
class Interval:
    def ge(self, other):
        if self.is_null():
            raise ValueError("Cannot compare null Intervals!")
        return self.begin >= getattr(other, "begin", other)
