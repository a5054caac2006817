# wrong: ignores an existing prerelease and always starts a new one from the token.
class Version:
    def bump_prerelease(self, token="rc"):
        cls = type(self)
        if token == "":
            prerelease = "1"
        elif token is None:
            prerelease = "rc.1"
        else:
            prerelease = str(token) + ".1"
        return cls(self._major, self._minor, self._patch, prerelease)
