# correct: the timestamp's date in Nepal time (UTC+5:45), then converted from A.D. to B.S.
class date:
    @classmethod
    def fromtimestamp(cls, t):
        nepal = _actual_datetime.timezone(_actual_datetime.timedelta(seconds=NEPAL_TIME_UTC_OFFSET))
        local = _actual_datetime.datetime.fromtimestamp(t, nepal)
        return cls.from_datetime_date(local.date())
