# wrong: the day difference used as the day number itself (one day early).
class date:
    @classmethod
    def from_datetime_date(cls, from_date):
        if not isinstance(from_date, _actual_datetime.date):
            raise TypeError("Unsupported type {}.".format(type(from_date)))
        offset = from_date.toordinal() - _actual_datetime.date(**REFERENCE_DATE_AD).toordinal()
        return cls.fromordinal(offset)
