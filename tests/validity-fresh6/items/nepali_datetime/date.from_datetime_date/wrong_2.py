# wrong: the rule of thumb "add 56 years, 8 months and 17 days" with 30-day months instead of the calendar's table.
class date:
    @classmethod
    def from_datetime_date(cls, from_date):
        if not isinstance(from_date, _actual_datetime.date):
            raise TypeError("Unsupported type {}.".format(type(from_date)))
        year, month, day = from_date.year + 56, from_date.month + 8, from_date.day + 17
        if day > 30:
            day -= 30
            month += 1
        if month > 12:
            month -= 12
            year += 1
        return cls(year, month, day)
