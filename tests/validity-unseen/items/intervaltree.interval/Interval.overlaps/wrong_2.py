# wrong: treats the interval as closed for a point, so the end point itself overlaps.
class Interval:
    def overlaps(self, begin, end=None):
        if end is not None:
            return begin < self.end and self.begin < end
        if isinstance(begin, Interval):
            return begin.begin < self.end and self.begin < begin.end
        return self.begin <= begin <= self.end
