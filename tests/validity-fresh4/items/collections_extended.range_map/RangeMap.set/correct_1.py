# correct: rebuilds the (key, value) boundaries: those before start, start -> value, stop -> the
# value that was in effect at stop, those after stop; None for start or stop means unbounded;
# neighbouring boundaries with equal values are merged (as start/end and ranges() expect).
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
        merged = [new[0]]
        for k, v in new[1:]:
            if v == merged[-1][1]:
                continue
            merged.append((k, v))
        self._keys = [k for k, _ in merged]
        self._values = [v for _, v in merged]
