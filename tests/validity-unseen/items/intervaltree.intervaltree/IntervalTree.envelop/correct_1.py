# correct: a linear scan of all intervals with the two containment comparisons instead of a
# boundary-table search; an Interval argument supplies both bounds.
class IntervalTree:
    def envelop(self, begin, end=None):
        if end is None:
            begin, end = begin.begin, begin.end
        return {iv for iv in self.all_intervals if begin <= iv.begin and iv.end <= end}
