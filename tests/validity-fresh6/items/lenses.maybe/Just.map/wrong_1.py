# wrong: returns the bare result, not wrapped in a Just.
class Just:
    def map(self, fn):
        return fn(self.item)
