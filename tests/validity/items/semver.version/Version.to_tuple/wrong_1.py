# wrong: leaves out the build part (a 4-tuple).
class Version:
    def to_tuple(self):
        return (self.major, self.minor, self.patch, self.prerelease)
