# correct: reduces the three call forms (range, Interval, point) to explicit comparisons on the
# half-open range [begin, end); an object with begin/end attributes counts as an Interval.
class Interval:
    def overlaps(self, begin, end=None):
        if end is not None:
            return begin < self.end and self.begin < end
        if hasattr(begin, "begin") and hasattr(begin, "end"):
            return begin.begin < self.end and self.begin < begin.end
        return self.begin <= begin < self.end
