# correct: ValueError if the value is present (TypeError if unhashable), IndexError for an index
# outside -len..len as the docstring says; else inserted there and the indices in _dict of the
# value and everything after it updated.
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
        for position in range(index, len(self._list)):
            self._dict[self._list[position]] = position
