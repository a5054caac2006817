# wrong: never merges neighbouring boundaries with equal values (a range set inside a range of the
# same value leaves extra boundaries).
class RangeMap:
    def set(self, value, start=None, stop=None):
        _check_start_stop(start, stop)
        old = list(zip(self._keys, self._values))

        def value_at(key):
            current = old[0][1]
            for k, v in old[1:]:
                if k <= key:
                    current = v
                else:
                    break
            return current

        if start is None:
            new = [(None, value)]
        else:
            new = [(k, v) for k, v in old if k is None or k < start]
            new.append((start, value))
        if stop is not None:
            new.append((stop, value_at(stop)))
            new.extend((k, v) for k, v in old[1:] if k > stop)
        self._keys = [k for k, _ in new]
        self._values = [v for _, v in new]
