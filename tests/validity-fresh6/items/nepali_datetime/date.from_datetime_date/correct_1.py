# correct: the days since the reference AD date (Baishakh 1, 1975 B.S.) give the B.S. day number; anything but a date is a TypeError.
class date:
    @classmethod
    def from_datetime_date(cls, from_date):
        if not isinstance(from_date, _actual_datetime.date):
            raise TypeError("Unsupported type {}.".format(type(from_date)))
        offset = from_date.toordinal() - _actual_datetime.date(**REFERENCE_DATE_AD).toordinal()
        return cls.fromordinal(offset + 1)
