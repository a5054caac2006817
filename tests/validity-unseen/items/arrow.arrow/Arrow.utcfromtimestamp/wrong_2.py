# wrong: truncates the timestamp to whole seconds, losing the fraction of a float timestamp.
class Arrow:
    @classmethod
    def utcfromtimestamp(cls, timestamp):
        if not util.is_timestamp(timestamp):
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        seconds = int(util.normalize_timestamp(float(timestamp)))
        dt = dt_datetime.utcfromtimestamp(seconds)
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   dateutil_tz.tzutc())
