# wrong: converts to UTC before dropping the timezone, so the wall time of a non-UTC Arrow is
# lost (the docstring's Nairobi example keeps 19:27).
class Arrow:
    @property
    def naive(self):
        return self._datetime.astimezone(dateutil_tz.tzutc()).replace(tzinfo=None)
