# wrong: attaches tzinfo to a datetime directly, so a timezone expression given as a string
# ('US/Pacific', '+01:00') raises TypeError instead of being parsed.
class Arrow:
    @classmethod
    def fromdate(cls, date, tzinfo=None):
        if tzinfo is None:
            tzinfo = dateutil_tz.tzutc()
        return cls.fromdatetime(dt_datetime(date.year, date.month, date.day, tzinfo=tzinfo))
