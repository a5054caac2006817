# wrong: closed comparisons, so intervals that merely touch the range (end == begin or
# begin == end) are reported as overlapping.
class IntervalTree:
    def overlap(self, begin, end=None):
        if end is None:
            begin, end = begin.begin, begin.end
        if begin >= end:
            return set()
        return {iv for iv in self.all_intervals if iv.begin <= end and begin <= iv.end}
