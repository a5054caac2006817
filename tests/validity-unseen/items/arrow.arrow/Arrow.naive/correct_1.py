# correct: builds a new naive datetime from the wall-clock fields (fold kept) instead of
# datetime.replace(tzinfo=None).
class Arrow:
    @property
    def naive(self):
        dt = self._datetime
        return dt_datetime(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second,
                           dt.microsecond, fold=dt.fold)
