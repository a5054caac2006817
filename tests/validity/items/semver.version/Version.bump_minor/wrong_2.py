# wrong: changes self in place and returns it (the docstring says leave self untouched).
class Version:
    def bump_minor(self):
        self._minor += 1
        self._patch = 0
        self._prerelease = None
        self._build = None
        return self
