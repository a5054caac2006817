# wrong: changes the receiver in place and returns it (the docstring says a new date).
class CalendarDateMixin:
    def replace(self, year=None, month=None, day=None):
        if year is not None:
            self.year = year
        if month is not None:
            self.month = month
        if day is not None:
            self.day = day
        return self
