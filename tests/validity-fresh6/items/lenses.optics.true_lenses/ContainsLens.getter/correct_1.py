# correct: whether any element of the state is (or equals) the item, as the `in` operator tells.
class ContainsLens:
    def getter(self, state):
        return any(element is self.item or element == self.item for element in state)
