# wrong: checks only that start itself is mapped, not the rest of the range (a gap after start is
# deleted without KeyError).
class RangeMap:
    def delete(self, start=None, stop=None):
        _check_start_stop(start, stop)
        if start not in self:
            raise KeyError((start, stop))
        self.set(NOT_SET, start=start, stop=stop)
