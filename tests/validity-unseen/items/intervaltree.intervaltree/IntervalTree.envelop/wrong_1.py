# wrong: requires the interval to end strictly before `end`, so one ending exactly at the
# range's (open) end is left out although it lies inside [begin, end).
class IntervalTree:
    def envelop(self, begin, end=None):
        if end is None:
            begin, end = begin.begin, begin.end
        return set(iv for iv in self.all_intervals if iv.begin >= begin and iv.end < end)
