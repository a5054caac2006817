# wrong: the node is replaced where it stands, without repairing the heap order.
class pqdict:
    def updateitem(self, key, new_val):
        if key not in self._position:
            raise KeyError(key)
        prio = self._keyfn(new_val) if self._keyfn else new_val
        self._heap[self._position[key]] = Node(key, new_val, prio)
