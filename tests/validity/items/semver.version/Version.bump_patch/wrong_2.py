# wrong: changes self in place and returns it (the docstring says leave self untouched).
class Version:
    def bump_patch(self):
        self._patch += 1
        self._prerelease = None
        self._build = None
        return self
