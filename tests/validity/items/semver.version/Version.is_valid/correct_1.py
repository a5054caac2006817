# correct: matches the strict semver regular expression directly instead of parsing.
class Version:
    @classmethod
    def is_valid(cls, version):
        return cls._REGEX.match(version) is not None
