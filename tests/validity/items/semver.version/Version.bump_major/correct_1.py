# correct: goes through replace(), resetting minor, patch, prerelease and build.
class Version:
    def bump_major(self):
        return self.replace(major=self.major + 1, minor=0, patch=0, prerelease=None, build=None)
