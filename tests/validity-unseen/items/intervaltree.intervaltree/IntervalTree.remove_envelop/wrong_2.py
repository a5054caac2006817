# wrong: removes every interval overlapping the range, including ones that hang out of it.
class IntervalTree:
    def remove_envelop(self, begin, end):
        for iv in list(self.overlap(begin, end)):
            self.remove(iv)
