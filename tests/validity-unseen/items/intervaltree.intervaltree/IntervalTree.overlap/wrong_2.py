# wrong: reads a call without `end` as a point query (like remove_overlap does), so an
# Interval argument is looked up as a point instead of as a range.
class IntervalTree:
    def overlap(self, begin, end=None):
        if end is None:
            return self.at(begin)
        if begin >= end:
            return set()
        return {iv for iv in self.all_intervals if iv.begin < end and begin < iv.end}
