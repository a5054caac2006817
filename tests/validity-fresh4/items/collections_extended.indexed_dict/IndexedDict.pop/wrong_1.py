# wrong: with neither key nor index it pops the first item instead of the last.
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
            position = 0 if index is NOT_SET else index
            if not -size <= position < size:
                if default is NOT_SET:
                    raise IndexError('pop index out of range')
                return default
            if position < 0:
                position += size
        found_key, value = self._list[position]
        del self._list[position]
        del self._dict[found_key]
        for i in range(position, len(self._list)):
            k, v = self._list[i]
            self._dict[k] = (i, v)
        return value
