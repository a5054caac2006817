# wrong: records the new value's index but leaves the shifted values' indices in _dict stale.
class setlist:
    def insert(self, index, value):
        if value in self._dict:
            raise ValueError('Value "%s" already present' % str(value))
        size = len(self._list)
        if index < 0:
            index += size
        if not 0 <= index <= size:
            raise IndexError('index is out of range')
        self._list.insert(index, value)
        self._dict[value] = index
