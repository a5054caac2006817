# wrong: the default parameter is ignored: an empty pqdict always raises Empty.
class pqdict:
    def popitem(self, default=None):
        if not len(self):
            raise Empty("pqdict is empty")
        key, value = self.topitem()
        del self[key]
        return (key, value)
