# correct: reads the parts by name from NAMES.
class Version:
    def to_tuple(self):
        return tuple(getattr(self, name) for name in self.NAMES)
