# wrong: an item that occurs more than once is taken as not contained.
class ContainsLens:
    def getter(self, state):
        return list(state).count(self.item) == 1
