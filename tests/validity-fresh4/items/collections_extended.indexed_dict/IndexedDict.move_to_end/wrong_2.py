# wrong: reorders _list but updates only the moved item's index in _dict (the others go stale).
class IndexedDict:
    def move_to_end(self, key=NOT_SET, index=NOT_SET, last=True):
        if (key is NOT_SET) == (index is NOT_SET):
            raise KEY_EQ_INDEX_ERROR
        position = self._dict[key][0] if key is not NOT_SET else index
        item = self._list.pop(position)
        if last:
            self._list.append(item)
            self._dict[item[0]] = (len(self._list) - 1, item[1])
        else:
            self._list.insert(0, item)
            self._dict[item[0]] = (0, item[1])
