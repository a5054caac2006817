# wrong: a true focus adds the item even when the state has it already (the docstring leaves [1, 2, 3] as it is).
class ContainsLens:
    def setter(self, state, focus):
        if focus:
            return hooks.contains_add(state, self.item)
        if self.item in state:
            return hooks.contains_remove(state, self.item)
        return state
