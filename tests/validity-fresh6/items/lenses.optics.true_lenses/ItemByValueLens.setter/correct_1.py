# correct: a copy without the items holding the lens's value, then the focus pair added unless it is None; the state itself untouched.
class ItemByValueLens:
    def setter(self, state, focus):
        data = state.copy()
        stale = [key for key in state if state[key] == self.value]
        for key in stale:
            data.pop(key)
        if focus is not None:
            key, value = focus
            data[key] = value
        return data
