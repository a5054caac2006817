# wrong: `token or "rc"` turns the empty token into "rc" (the docstring shows '' giving '1').
class Version:
    def bump_prerelease(self, token="rc"):
        cls = type(self)
        prerelease = self._prerelease or (token or "rc") + ".0"
        prerelease = cls._increment_string(prerelease)
        return cls(self._major, self._minor, self._patch, prerelease)
