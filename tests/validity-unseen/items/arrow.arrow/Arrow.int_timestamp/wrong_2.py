# wrong: takes the timestamp of the wall-clock time as if it were UTC, ignoring the Arrow's
# UTC offset.
import calendar as _alt_calendar


class Arrow:
    @property
    def int_timestamp(self):
        return _alt_calendar.timegm(self._datetime.replace(tzinfo=None).timetuple())
