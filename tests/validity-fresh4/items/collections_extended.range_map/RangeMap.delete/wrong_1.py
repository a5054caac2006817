# wrong: never raises KeyError; an unmapped part is silently ignored (like empty()).
class RangeMap:
    def delete(self, start=None, stop=None):
        _check_start_stop(start, stop)
        self.set(NOT_SET, start=start, stop=stop)
