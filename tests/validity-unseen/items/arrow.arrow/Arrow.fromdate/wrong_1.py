# wrong: ignores the tzinfo argument; the result is always in UTC.
class Arrow:
    @classmethod
    def fromdate(cls, date, tzinfo=None):
        return cls(date.year, date.month, date.day)
