# wrong: rounds to the nearest second instead of truncating (12:00:00.7 gives one second
# more).
class Arrow:
    @property
    def int_timestamp(self):
        return round(self._datetime.timestamp())
