# wrong: passes tzinfo straight to datetime.replace, so a timezone expression given as a
# string ('US/Pacific', '+07:00') raises TypeError instead of being parsed.
class Arrow:
    def replace(self, **kwargs):
        current = self._datetime
        for key, value in kwargs.items():
            if key in self._ATTRS or key == "tzinfo":
                current = current.replace(**{key: value})
        return self.fromdatetime(current)
