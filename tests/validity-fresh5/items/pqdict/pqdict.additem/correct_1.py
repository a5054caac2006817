# correct: refuses a present key, otherwise assigns through the mapping API.
class pqdict:
    def additem(self, key, value):
        if key in self:
            raise KeyError(key)
        self[key] = value
