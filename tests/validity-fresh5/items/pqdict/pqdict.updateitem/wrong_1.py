# wrong: an absent key is added instead of raising KeyError.
class pqdict:
    def updateitem(self, key, new_val):
        self[key] = new_val
