# correct: picks the timezone first (the argument, else the datetime's own, else UTC) and
# builds the Arrow from the datetime's fields, fold included.
class Arrow:
    @classmethod
    def fromdatetime(cls, dt, tzinfo=None):
        if tzinfo is None:
            tzinfo = dt.tzinfo if dt.tzinfo is not None else dateutil_tz.tzutc()
        return cls(
            dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
            tzinfo, fold=getattr(dt, "fold", 0),
        )
