# wrong: the UTC date is converted, without Nepal's offset.
class date:
    @classmethod
    def fromtimestamp(cls, t):
        utc = _actual_datetime.datetime.fromtimestamp(t, _actual_datetime.timezone.utc)
        return cls.from_datetime_date(utc.date())
