# wrong: no check for a null range (begin >= end), which the docstring says gives False; a
# backwards range inside an interval reports an overlap.
class IntervalTree:
    def overlaps_range(self, begin, end):
        return any(iv.begin < end and begin < iv.end for iv in self.all_intervals)
