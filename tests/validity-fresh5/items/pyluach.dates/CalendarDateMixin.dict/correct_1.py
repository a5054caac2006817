# correct: the dictionary built with dict() from the three fields.
class CalendarDateMixin:
    def dict(self):
        return dict(zip(('year', 'month', 'day'), (self.year, self.month, self.day)))
