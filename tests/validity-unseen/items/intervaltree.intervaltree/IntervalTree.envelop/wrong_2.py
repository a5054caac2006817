# wrong: only checks that the interval starts inside the range; intervals hanging out past
# `end` are returned too.
class IntervalTree:
    def envelop(self, begin, end=None):
        if end is None:
            begin, end = begin.begin, begin.end
        return set(iv for iv in self.all_intervals if begin <= iv.begin < end)
