# correct: gathers every boundary, cuts each interval at the boundaries strictly inside it
# (the pieces keep its data), and rebuilds the tree with clear() and update().
class IntervalTree:
    def split_overlaps(self):
        bounds = sorted({b for iv in self.all_intervals for b in (iv.begin, iv.end)})
        pieces = set()
        for iv in self.all_intervals:
            cuts = [iv.begin] + [b for b in bounds if iv.begin < b < iv.end] + [iv.end]
            for lo, hi in zip(cuts, cuts[1:]):
                pieces.add(Interval(lo, hi, iv.data))
        self.clear()
        self.update(pieces)
