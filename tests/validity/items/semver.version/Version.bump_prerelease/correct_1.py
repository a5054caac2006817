# correct: increments an existing prerelease, else starts at <token>.1 ("1" for an empty token,
# "rc.1" for None), building the new object with keywords.
class Version:
    def bump_prerelease(self, token="rc"):
        if self.prerelease is not None:
            new = self._increment_string(self.prerelease)
        elif token is None:
            new = "rc.1"
        elif token == "":
            new = "1"
        else:
            new = "%s.1" % token
        return type(self)(major=self.major, minor=self.minor, patch=self.patch, prerelease=new)
