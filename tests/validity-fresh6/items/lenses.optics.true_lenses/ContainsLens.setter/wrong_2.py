# wrong: only the value True counts as a true focus; a truthy focus of another type removes the item.
class ContainsLens:
    def setter(self, state, focus):
        contains = self.item in state
        if focus is True and not contains:
            return hooks.contains_add(state, self.item)
        if focus is not True and contains:
            return hooks.contains_remove(state, self.item)
        return state
