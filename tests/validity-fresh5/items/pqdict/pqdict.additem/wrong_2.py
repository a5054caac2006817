# wrong: the node is appended to the heap without moving it up, so the heap order breaks.
class pqdict:
    def additem(self, key, value):
        if key in self._position:
            raise KeyError(key)
        prio = self._keyfn(value) if self._keyfn else value
        self._position[key] = len(self._heap)
        self._heap.append(Node(key, value, prio))
