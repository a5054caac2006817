# correct: a new date of the receiver's class, built from the fields given or the receiver's own.
class CalendarDateMixin:
    def replace(self, year=None, month=None, day=None):
        fields = {'year': self.year, 'month': self.month, 'day': self.day}
        for name, value in (('year', year), ('month', month), ('day', day)):
            if value is not None:
                fields[name] = value
        return type(self)(fields['year'], fields['month'], fields['day'])
