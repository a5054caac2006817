# wrong: the state itself is changed and returned (no copy).
class ItemByValueLens:
    def setter(self, state, focus):
        for key in [key for key in state if state[key] == self.value]:
            del state[key]
        if focus is not None:
            state[focus[0]] = focus[1]
        return state
