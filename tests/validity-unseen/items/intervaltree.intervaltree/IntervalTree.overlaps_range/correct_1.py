# correct: a null range gives False, otherwise any() over all intervals with the half-open
# overlap test.
class IntervalTree:
    def overlaps_range(self, begin, end):
        if begin >= end:
            return False
        return any(iv.begin < end and begin < iv.end for iv in self.all_intervals)
