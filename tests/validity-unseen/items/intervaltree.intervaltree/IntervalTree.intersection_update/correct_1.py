# correct: lists the intervals missing from other first, then discards them (never mutating
# the set being iterated).
class IntervalTree:
    def intersection_update(self, other):
        missing = [iv for iv in self.all_intervals if iv not in other]
        for iv in missing:
            self.discard(iv)
