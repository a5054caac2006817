# correct: replace() with prerelease and build cleared.
class Version:
    def finalize_version(self):
        return self.replace(prerelease=None, build=None)
