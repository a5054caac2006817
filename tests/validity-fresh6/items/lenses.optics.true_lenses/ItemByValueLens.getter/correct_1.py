# correct: the first (key, value) pair whose value equals the lens's value, None where there is none.
class ItemByValueLens:
    def getter(self, state):
        matches = [(key, value) for key, value in state.items() if value == self.value]
        return matches[0] if matches else None
