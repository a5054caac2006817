# wrong: the default is ignored: an empty pqdict always raises Empty.
class pqdict:
    def topvalue(self, default=None):
        if not self._heap:
            raise Empty("pqdict is empty")
        return self._heap[0].value
