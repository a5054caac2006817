# wrong: drops the microseconds.
class Arrow:
    @property
    def naive(self):
        dt = self._datetime
        return dt_datetime(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)
