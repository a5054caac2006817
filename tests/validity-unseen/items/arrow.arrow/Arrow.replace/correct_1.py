# correct: sorts the keywords into absolute datetime fields and a timezone, resolves a timezone
# expression with _get_tzinfo, and rebuilds the Arrow from the replaced datetime's fields.
class Arrow:
    def replace(self, **kwargs):
        fields = {}
        for key, value in kwargs.items():
            if key in self._ATTRS:
                fields[key] = value
            elif key not in ("tzinfo", "fold"):
                raise ValueError(f"Unknown attribute: {key!r}.")
        current = self._datetime.replace(**fields)
        if kwargs.get("tzinfo") is not None:
            current = current.replace(tzinfo=self._get_tzinfo(kwargs["tzinfo"]))
        fold = kwargs.get("fold", current.fold)
        return self.__class__(
            current.year, current.month, current.day, current.hour, current.minute,
            current.second, current.microsecond, current.tzinfo, fold=fold,
        )
