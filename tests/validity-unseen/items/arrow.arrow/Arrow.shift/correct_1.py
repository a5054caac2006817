# correct: folds weeks into days and quarters into months itself, applies one relativedelta,
# then moves forward to a numbered weekday with a modulo-7 day count (0 days when already
# there); a relativedelta weekday instance is applied as is.
from datetime import timedelta as _alt_timedelta


class Arrow:
    def shift(self, **kwargs):
        deltas = {}
        weekday = None
        for key, value in kwargs.items():
            if key in self._ATTRS_PLURAL:
                deltas[key] = deltas.get(key, 0) + value
            elif key == "weeks":
                deltas["days"] = deltas.get("days", 0) + 7 * value
            elif key == "quarters":
                deltas["months"] = deltas.get("months", 0) + self._MONTHS_PER_QUARTER * value
            elif key == "weekday":
                weekday = value
            else:
                raise ValueError(f"Invalid shift time frame: {key!r}.")
        current = self._datetime + relativedelta(**deltas)
        if weekday is not None:
            if isinstance(weekday, int):
                current = current + _alt_timedelta(days=(weekday - current.weekday()) % 7)
            else:
                current = current + relativedelta(weekday=weekday)
        return self.__class__(
            current.year, current.month, current.day, current.hour, current.minute,
            current.second, current.microsecond, current.tzinfo, fold=current.fold,
        )
