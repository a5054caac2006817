# correct: rebinds both containers to fresh empty ones instead of emptying them in place.
class OrderedSet:
    def clear(self):
        self.items = []
        self.map = {}
