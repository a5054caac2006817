# wrong: keeps the prerelease and build parts.
class Version:
    def bump_major(self):
        return self.replace(major=self.major + 1, minor=0, patch=0)
