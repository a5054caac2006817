# correct: resolves the target zone first (tz.tzlocal() when none is given, a string through
# TzinfoParser), builds the UTC instant and converts it with astimezone.
class Arrow:
    @classmethod
    def fromtimestamp(cls, timestamp, tzinfo=None):
        if tzinfo is None:
            tzinfo = dateutil_tz.tzlocal()
        elif isinstance(tzinfo, str):
            tzinfo = parser.TzinfoParser.parse(tzinfo)
        if not util.is_timestamp(timestamp):
            raise ValueError(f"The provided timestamp {timestamp!r} is invalid.")
        seconds = util.normalize_timestamp(float(timestamp))
        dt = dt_datetime.fromtimestamp(seconds, dateutil_tz.tzutc()).astimezone(tzinfo)
        return cls(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                   dt.tzinfo, fold=getattr(dt, "fold", 0))
