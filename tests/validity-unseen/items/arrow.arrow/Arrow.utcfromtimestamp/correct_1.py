# correct: checks and converts the value itself (a str through float), normalises millisecond
# and microsecond timestamps with util.normalize_timestamp, and adds the seconds to the UTC
# epoch.
from datetime import timedelta as _alt_timedelta


class Arrow:
    @classmethod
    def utcfromtimestamp(cls, timestamp):
        if isinstance(timestamp, bool) or not isinstance(timestamp, (int, float, str)):
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        try:
            seconds = float(timestamp)
        except ValueError:
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        seconds = util.normalize_timestamp(seconds)
        epoch = dt_datetime(1970, 1, 1, tzinfo=dateutil_tz.tzutc())
        dt = epoch + _alt_timedelta(seconds=seconds)
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   dateutil_tz.tzutc())
