# wrong: the day number is taken as counted from 0 (everything one day late).
class date:
    @classmethod
    def fromordinal(cls, n):
        n += 1
        year = MINYEAR
        while n > _CALENDAR[year][12]:
            n -= _CALENDAR[year][12]
            year += 1
        month = 1
        while n > _days_in_month(year, month):
            n -= _days_in_month(year, month)
            month += 1
        return cls(year, month, n)
