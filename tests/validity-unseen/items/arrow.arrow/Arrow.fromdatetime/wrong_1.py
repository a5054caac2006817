# wrong: without a tzinfo argument it always uses UTC, ignoring an aware datetime's own
# timezone (the docstring says it defaults to dt's timezone).
class Arrow:
    @classmethod
    def fromdatetime(cls, dt, tzinfo=None):
        if tzinfo is None:
            tzinfo = dateutil_tz.tzutc()
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   tzinfo, fold=getattr(dt, "fold", 0))
