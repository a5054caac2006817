# wrong: strict comparison, so an interval ending exactly where the other begins (which does
# not extend into it, the end being open) is not "less than".
class Interval:
    def lt(self, other):
        self._raise_if_null(other)
        return self.end < getattr(other, "begin", other)
