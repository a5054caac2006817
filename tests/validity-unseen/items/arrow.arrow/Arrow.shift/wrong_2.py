# wrong: a numbered weekday always moves strictly forward, so asking for the current weekday
# jumps a week ahead (the docstring's Saturday example stays on the same day).
from datetime import timedelta as _alt_timedelta


class Arrow:
    def shift(self, **kwargs):
        weekday = kwargs.pop("weekday", None)
        if "quarters" in kwargs:
            kwargs["months"] = kwargs.get("months", 0) + 3 * kwargs.pop("quarters")
        current = self._datetime + relativedelta(**kwargs)
        if weekday is not None:
            if isinstance(weekday, int):
                ahead = (weekday - current.weekday()) % 7 or 7
                current = current + _alt_timedelta(days=ahead)
            else:
                current = current + relativedelta(weekday=weekday)
        return self.fromdatetime(current)
