# wrong: what followed the range is not restored at stop: from stop on the keys are unmapped until
# the next boundary.
class RangeMap:
    def set(self, value, start=None, stop=None):
        _check_start_stop(start, stop)
        old = list(zip(self._keys, self._values))
        if start is None:
            new = [(None, value)]
        else:
            new = [(k, v) for k, v in old if k is None or k < start]
            new.append((start, value))
        if stop is not None:
            new.append((stop, NOT_SET))
            new.extend((k, v) for k, v in old[1:] if k > stop)
        merged = [new[0]]
        for k, v in new[1:]:
            if v == merged[-1][1]:
                continue
            merged.append((k, v))
        self._keys = [k for k, _ in merged]
        self._values = [v for _, v in merged]
