# wrong: a key already present is updated instead of raising KeyError.
class pqdict:
    def additem(self, key, value):
        self[key] = value
