# correct: collects the enveloped intervals by scanning all intervals, then discards them one
# by one (discard keeps the node tree and the boundary table in step).
class IntervalTree:
    def remove_envelop(self, begin, end):
        doomed = [iv for iv in self.all_intervals if begin <= iv.begin and iv.end <= end]
        for iv in doomed:
            self.discard(iv)
