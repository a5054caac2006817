# correct: exactly one of key and index (else KEY_EQ_INDEX_ERROR); the item moves to the end, or
# to the front when last is false; _dict is rebuilt from the new order.
class IndexedDict:
    def move_to_end(self, key=NOT_SET, index=NOT_SET, last=True):
        if (key is NOT_SET) == (index is NOT_SET):
            raise KEY_EQ_INDEX_ERROR
        position = self._dict[key][0] if key is not NOT_SET else index
        item = self._list.pop(position)
        if last:
            self._list.append(item)
        else:
            self._list.insert(0, item)
        self._dict = {k: (i, v) for i, (k, v) in enumerate(self._list)}
