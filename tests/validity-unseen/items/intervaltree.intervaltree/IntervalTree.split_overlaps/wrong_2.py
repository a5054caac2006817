# wrong: adds the pieces but never removes the original intervals, so the unsplit intervals
# stay in the tree next to their pieces.
class IntervalTree:
    def split_overlaps(self):
        bounds = sorted({b for iv in self.all_intervals for b in (iv.begin, iv.end)})
        pieces = set()
        for iv in self.all_intervals:
            cuts = [iv.begin] + [b for b in bounds if iv.begin < b < iv.end] + [iv.end]
            for lo, hi in zip(cuts, cuts[1:]):
                pieces.add(Interval(lo, hi, iv.data))
        self.update(pieces)
