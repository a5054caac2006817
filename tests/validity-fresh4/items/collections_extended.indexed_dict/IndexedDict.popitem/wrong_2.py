# wrong: no ValueError when more than one of last, key and index is given (key wins, then index).
class IndexedDict:
    def popitem(self, last=NOT_SET, *, key=NOT_SET, index=NOT_SET):
        if len(self._list) == 0:
            raise KeyError('IndexedDict is empty')
        size = len(self._list)
        if key is not NOT_SET:
            position = self._dict[key][0]
        elif index is not NOT_SET:
            if not -size <= index < size:
                raise IndexError('popitem index out of range')
            position = index + size if index < 0 else index
        elif last is not NOT_SET:
            position = size - 1 if last else 0
        else:
            position = size - 1
        found_key, value = self._list.pop(position)
        del self._dict[found_key]
        for i in range(position, len(self._list)):
            k, v = self._list[i]
            self._dict[k] = (i, v)
        return found_key, value
