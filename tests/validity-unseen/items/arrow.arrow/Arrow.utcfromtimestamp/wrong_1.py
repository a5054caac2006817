# wrong: hands the value to datetime.utcfromtimestamp unconverted, so a numeric string
# ("1565358758"), which the docstring allows, raises TypeError.
class Arrow:
    @classmethod
    def utcfromtimestamp(cls, timestamp):
        dt = dt_datetime.utcfromtimestamp(timestamp)
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   dateutil_tz.tzutc())
