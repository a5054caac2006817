# correct: builds the new object from keyword arguments; prerelease and build default to None.
class Version:
    def bump_minor(self):
        return type(self)(major=self.major, minor=self.minor + 1, patch=0)
