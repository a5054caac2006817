# wrong: compares with the other interval's end (the "strictly greater" test), so overlapping
# intervals that start later are rejected.
class Interval:
    def ge(self, other):
        self._raise_if_null(other)
        return self.begin >= getattr(other, "end", other)
