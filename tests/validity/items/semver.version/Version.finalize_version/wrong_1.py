# wrong: drops the prerelease but keeps the build metadata.
class Version:
    def finalize_version(self):
        return self.replace(prerelease=None)
