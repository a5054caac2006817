# correct: whole years, then whole months, subtracted from the day number (day 1 is Baishakh 1, 1975).
class date:
    @classmethod
    def fromordinal(cls, n):
        year = MINYEAR
        while n > _CALENDAR[year][12]:
            n -= _CALENDAR[year][12]
            year += 1
        month = 1
        while n > _days_in_month(year, month):
            n -= _days_in_month(year, month)
            month += 1
        return cls(year, month, n)
