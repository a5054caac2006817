# correct: a linear scan with the half-open overlap test; an Interval argument supplies the
# range and a null range overlaps nothing.
class IntervalTree:
    def overlap(self, begin, end=None):
        if end is None:
            begin, end = begin.begin, begin.end
        if not begin < end:
            return set()
        return {iv for iv in self.all_intervals if iv.begin < end and begin < iv.end}
