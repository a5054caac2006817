# wrong: the last index is one past the year (the first month of the next year).
class Hijri:
    def _year_indexes(self):
        first = self._month_index() - (self.month - 1)
        return first, first + 12
