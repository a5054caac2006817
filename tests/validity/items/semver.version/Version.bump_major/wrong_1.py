# wrong: keeps minor and patch instead of resetting them to 0.
class Version:
    def bump_major(self):
        cls = type(self)
        return cls(self._major + 1, self._minor, self._patch)
