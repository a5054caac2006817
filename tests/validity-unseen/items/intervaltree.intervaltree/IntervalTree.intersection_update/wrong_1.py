# wrong: keeps an interval when other has one with the same range, ignoring the data field
# (the tree treats Interval(1, 2, 'a') and Interval(1, 2, 'b') as different members).
class IntervalTree:
    def intersection_update(self, other):
        for iv in list(self.all_intervals):
            if not any(iv.range_matches(o) for o in other):
                self.remove(iv)
