# wrong: returns the item's position (falsy at 0) and raises ValueError when it is absent, not a bool.
class ContainsLens:
    def getter(self, state):
        return list(state).index(self.item)
