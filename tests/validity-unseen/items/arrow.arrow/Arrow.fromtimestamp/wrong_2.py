# wrong: takes the UTC wall time and labels it with the target timezone instead of converting
# it, so the instant is off by the zone's offset.
class Arrow:
    @classmethod
    def fromtimestamp(cls, timestamp, tzinfo=None):
        if tzinfo is None:
            tzinfo = dateutil_tz.tzlocal()
        elif isinstance(tzinfo, str):
            tzinfo = parser.TzinfoParser.parse(tzinfo)
        if not util.is_timestamp(timestamp):
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        dt = dt_datetime.utcfromtimestamp(util.normalize_timestamp(float(timestamp)))
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   tzinfo)
