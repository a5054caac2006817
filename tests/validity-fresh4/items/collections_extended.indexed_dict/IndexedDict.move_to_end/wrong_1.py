# wrong: ignores last=False (always moves the item to the end).
class IndexedDict:
    def move_to_end(self, key=NOT_SET, index=NOT_SET, last=True):
        if (key is NOT_SET) == (index is NOT_SET):
            raise KEY_EQ_INDEX_ERROR
        position = self._dict[key][0] if key is not NOT_SET else index
        item = self._list.pop(position)
        self._list.append(item)
        self._dict = {k: (i, v) for i, (k, v) in enumerate(self._list)}
