# wrong: a shallow copy of the receiver with the fields set, so it keeps the old date's cached Julian day.
import copy


class CalendarDateMixin:
    def replace(self, year=None, month=None, day=None):
        new = copy.copy(self)
        if year is not None:
            new.year = year
        if month is not None:
            new.month = month
        if day is not None:
            new.day = day
        return new
