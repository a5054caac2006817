# wrong: moves by weekday - current weekday days without wrapping, so asking for an earlier
# weekday goes back in time (the docstring says the result is never before the start).
from datetime import timedelta as _alt_timedelta


class Arrow:
    def shift(self, **kwargs):
        weekday = kwargs.pop("weekday", None)
        if "quarters" in kwargs:
            kwargs["months"] = kwargs.get("months", 0) + 3 * kwargs.pop("quarters")
        current = self._datetime + relativedelta(**kwargs)
        if weekday is not None:
            if isinstance(weekday, int):
                current = current + _alt_timedelta(days=weekday - current.weekday())
            else:
                current = current + relativedelta(weekday=weekday)
        return self.fromdatetime(current)
