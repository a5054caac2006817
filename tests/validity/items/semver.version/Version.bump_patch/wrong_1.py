# wrong: keeps the prerelease and build parts.
class Version:
    def bump_patch(self):
        return self.replace(patch=self.patch + 1)
