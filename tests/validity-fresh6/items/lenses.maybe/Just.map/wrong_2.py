# wrong: the receiver's value is replaced in place and the receiver returned.
class Just:
    def map(self, fn):
        self.item = fn(self.item)
        return self
