# wrong: returns the value alone, not the (key, value) pair.
class ItemLens:
    def getter(self, state):
        if self.key not in state:
            return None
        return state[self.key]
