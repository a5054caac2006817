# wrong: returns a list instead of a tuple.
class Version:
    def to_tuple(self):
        return [self.major, self.minor, self.patch, self.prerelease, self.build]
