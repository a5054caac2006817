# wrong: removes the item but leaves the later items' indices in _dict unchanged (stale).
class IndexedDict:
    def pop(self, key=NOT_SET, index=NOT_SET, default=NOT_SET, d=NOT_SET):
        if d is not NOT_SET:
            if default is not NOT_SET:
                raise ValueError('Specified default and d')
            deprecation_warning("IndexedDict.pop parameter 'd' has been renamed to 'default'")
            default = d
        if key is not NOT_SET and index is not NOT_SET:
            raise KEY_AND_INDEX_ERROR
        size = len(self._list)
        if key is not NOT_SET:
            if key not in self._dict:
                if default is NOT_SET:
                    raise KeyError(key)
                return default
            position = self._dict[key][0]
        else:
            position = size - 1 if index is NOT_SET else index
            if not -size <= position < size:
                if default is NOT_SET:
                    raise IndexError('pop index out of range')
                return default
        found_key, value = self._list.pop(position)
        del self._dict[found_key]
        return value
