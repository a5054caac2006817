# wrong: a missing key gives (key, None), not None.
class ItemLens:
    def getter(self, state):
        if self.key not in state:
            return (self.key, None)
        return (self.key, state[self.key])
