# wrong: does not check for a value already present (it ends up in _list twice).
class setlist:
    def insert(self, index, value):
        size = len(self._list)
        if index < 0:
            index += size
        if not 0 <= index <= size:
            raise IndexError('index is out of range')
        self._list.insert(index, value)
        for position in range(index, len(self._list)):
            self._dict[self._list[position]] = position
