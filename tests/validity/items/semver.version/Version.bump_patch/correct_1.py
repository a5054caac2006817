# correct: goes through replace(), dropping prerelease and build.
class Version:
    def bump_patch(self):
        return self.replace(patch=self.patch + 1, prerelease=None, build=None)
