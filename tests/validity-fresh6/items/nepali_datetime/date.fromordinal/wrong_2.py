# wrong: the last day of a year or month rolls over to day 0 of the next (>= for >).
class date:
    @classmethod
    def fromordinal(cls, n):
        year = MINYEAR
        while n >= _CALENDAR[year][12]:
            n -= _CALENDAR[year][12]
            year += 1
        month = 1
        while n >= _days_in_month(year, month):
            n -= _days_in_month(year, month)
            month += 1
        return cls(year, month, n)
