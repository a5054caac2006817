# correct: a new Just around the function's result; the receiver is left as it was.
class Just:
    def map(self, fn):
        result = fn(self.item)
        return type(self)(result) if isinstance(self, Just) else Just(result)
