# wrong: the values as strings, zero-padded as the date's text shows them.
class CalendarDateMixin:
    def dict(self):
        return {'year': f'{self.year:04d}', 'month': f'{self.month:02d}', 'day': f'{self.day:02d}'}
