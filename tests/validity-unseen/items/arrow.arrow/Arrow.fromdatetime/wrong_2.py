# wrong: drops the microseconds of the datetime.
class Arrow:
    @classmethod
    def fromdatetime(cls, dt, tzinfo=None):
        if tzinfo is None:
            tzinfo = dt.tzinfo or dateutil_tz.tzutc()
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, tzinfo=tzinfo)
