# wrong: uses the lenient regex, so "1" and "1.2" count as valid semver.
class Version:
    @classmethod
    def is_valid(cls, version):
        return cls._REGEX_OPTIONAL_MINOR_AND_PATCH.match(version) is not None
