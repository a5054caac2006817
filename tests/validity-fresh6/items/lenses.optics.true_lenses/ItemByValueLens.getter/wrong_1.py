# wrong: returns the key alone, not the (key, value) pair.
class ItemByValueLens:
    def getter(self, state):
        for key, value in state.items():
            if value == self.value:
                return key
        return None
