# correct: unchanged when the state already agrees with the focus, else the item added or removed through the hooks.
class ContainsLens:
    def setter(self, state, focus):
        if bool(focus) == (self.item in state):
            return state
        if focus:
            return hooks.contains_add(state, self.item)
        return hooks.contains_remove(state, self.item)
