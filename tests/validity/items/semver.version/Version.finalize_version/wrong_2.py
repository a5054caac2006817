# wrong: clears the parts on self and returns self instead of a new instance.
class Version:
    def finalize_version(self):
        self._prerelease = None
        self._build = None
        return self
