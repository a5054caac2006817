# wrong: cuts only at the begins of the other intervals and forgets their ends, so an interval
# containing a shorter one is split in two instead of three.
class IntervalTree:
    def split_overlaps(self):
        begins = sorted({iv.begin for iv in self.all_intervals})
        pieces = set()
        for iv in self.all_intervals:
            cuts = [iv.begin] + [b for b in begins if iv.begin < b < iv.end] + [iv.end]
            for lo, hi in zip(cuts, cuts[1:]):
                pieces.add(Interval(lo, hi, iv.data))
        self.__init__(pieces)
