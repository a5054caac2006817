# wrong: returns a new tree with the common intervals and leaves self unchanged (that is
# intersection(), not the in-place update).
class IntervalTree:
    def intersection_update(self, other):
        return IntervalTree(iv for iv in self.all_intervals if iv in other)
