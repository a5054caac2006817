# correct: the (key, value) pair of the lens's key, None where the state has no such key.
class ItemLens:
    def getter(self, state):
        if self.key not in state:
            return None
        return (self.key, state[self.key])
