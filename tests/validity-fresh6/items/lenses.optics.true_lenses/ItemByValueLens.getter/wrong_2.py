# wrong: values are compared by identity (`is`), so an equal value of another type or object is missed.
class ItemByValueLens:
    def getter(self, state):
        for key, value in state.items():
            if value is self.value:
                return (key, value)
        return None
