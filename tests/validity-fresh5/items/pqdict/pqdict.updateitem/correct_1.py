# correct: refuses an absent key, otherwise assigns through the mapping API (which repairs the heap).
class pqdict:
    def updateitem(self, key, new_val):
        if key not in self:
            raise KeyError(key)
        self[key] = new_val
