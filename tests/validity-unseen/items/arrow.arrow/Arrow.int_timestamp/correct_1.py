# correct: the distance from the UTC epoch in seconds, truncated to an int.
import math as _alt_math


class Arrow:
    @property
    def int_timestamp(self):
        epoch = dt_datetime(1970, 1, 1, tzinfo=dateutil_tz.tzutc())
        return _alt_math.trunc((self._datetime - epoch).total_seconds())
