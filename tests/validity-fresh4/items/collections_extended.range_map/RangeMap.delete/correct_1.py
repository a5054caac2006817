# correct: KeyError unless the mapped ranges within start..stop cover it without a gap; then the
# range is unmapped (set to NOT_SET).
class RangeMap:
    def delete(self, start=None, stop=None):
        _check_start_stop(start, stop)
        covered_to = start
        seen = False
        for mapped in self.ranges(start, stop):
            if mapped.start != covered_to:
                raise KeyError((start, stop))
            covered_to = mapped.stop
            seen = True
        if not seen or covered_to != stop:
            raise KeyError((start, stop))
        self.set(NOT_SET, start=start, stop=stop)
