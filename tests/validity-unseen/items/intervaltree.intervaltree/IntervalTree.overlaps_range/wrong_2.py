# wrong: closed comparisons, so a range that only touches an interval's end (or begin)
# counts as an overlap.
class IntervalTree:
    def overlaps_range(self, begin, end):
        if begin >= end:
            return False
        return any(iv.begin <= end and begin <= iv.end for iv in self.all_intervals)
