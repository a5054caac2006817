# wrong: the offset is subtracted instead of added (UTC-5:45).
class date:
    @classmethod
    def fromtimestamp(cls, t):
        shifted = _actual_datetime.datetime.fromtimestamp(t - NEPAL_TIME_UTC_OFFSET, _actual_datetime.timezone.utc)
        return cls.from_datetime_date(shifted.date())
