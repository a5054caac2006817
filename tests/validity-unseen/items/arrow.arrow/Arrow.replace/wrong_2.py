# wrong: converts to the new timezone (keeping the instant) instead of replacing it (keeping
# the wall time), which the docstring's "without conversion" excludes.
class Arrow:
    def replace(self, **kwargs):
        fields = {k: v for k, v in kwargs.items() if k in self._ATTRS}
        result = self.fromdatetime(self._datetime.replace(**fields))
        if kwargs.get("tzinfo") is not None:
            result = result.to(kwargs["tzinfo"])
        return result
