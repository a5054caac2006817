# wrong: compares ranges with <= on both sides, so intervals that only touch end-to-start
# (Interval(0, 5) and the range [5, 8)) are reported as overlapping.
class Interval:
    def overlaps(self, begin, end=None):
        if end is not None:
            return begin <= self.end and self.begin <= end
        if isinstance(begin, Interval):
            return begin.begin <= self.end and self.begin <= begin.end
        return self.begin <= begin < self.end
