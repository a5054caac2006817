# wrong: a new pair is added without removing the old item that held the value (only None removes it).
class ItemByValueLens:
    def setter(self, state, focus):
        data = state.copy()
        if focus is None:
            for key in [key for key in state if state[key] == self.value]:
                del data[key]
            return data
        data[focus[0]] = focus[1]
        return data
