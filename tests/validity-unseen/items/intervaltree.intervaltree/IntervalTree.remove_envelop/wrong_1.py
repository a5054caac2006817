# wrong: an interval ending exactly at `end` is not treated as enveloped (strict <).
class IntervalTree:
    def remove_envelop(self, begin, end):
        for iv in [iv for iv in self.all_intervals if iv.begin >= begin and iv.end < end]:
            self.remove(iv)
