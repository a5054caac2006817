# correct: the index of the year's first month (this month's index less the months before it in
# the year) and of its twelfth month.
class Hijri:
    def _year_indexes(self):
        first = self._month_index() - (self.month - 1)
        return first, first + 11
