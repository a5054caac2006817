# wrong: ignores the tzinfo argument and always converts to local time.
class Arrow:
    @classmethod
    def fromtimestamp(cls, timestamp, tzinfo=None):
        if not util.is_timestamp(timestamp):
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        seconds = util.normalize_timestamp(float(timestamp))
        dt = dt_datetime.fromtimestamp(seconds, dateutil_tz.tzlocal())
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   dt.tzinfo, fold=getattr(dt, "fold", 0))
