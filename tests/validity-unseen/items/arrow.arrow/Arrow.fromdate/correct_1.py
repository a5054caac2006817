# correct: midnight of the date through datetime.combine, then the constructor with the
# timezone expression (UTC when none is given).
class Arrow:
    @classmethod
    def fromdate(cls, date, tzinfo=None):
        midnight = dt_datetime.combine(date, dt_time())
        if tzinfo is None:
            tzinfo = dateutil_tz.tzutc()
        return cls(midnight.year, midnight.month, midnight.day, 0, 0, 0, 0, tzinfo)
