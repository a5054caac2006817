# correct: decodes bytes, picks the strict or the lenient regex, and builds the instance from the
# named groups with keywords (missing minor/patch become 0).
class Version:
    @classmethod
    def parse(cls, version, optional_minor_and_patch=False):
        if isinstance(version, bytes):
            version = version.decode("UTF-8")
        elif not isinstance(version, str):
            raise TypeError("not expecting type %r" % type(version))
        pattern = cls._REGEX_OPTIONAL_MINOR_AND_PATCH if optional_minor_and_patch else cls._REGEX
        found = pattern.match(version)
        if found is None:
            raise ValueError("%s is not valid SemVer string" % version)
        return cls(
            major=int(found.group("major")),
            minor=int(found.group("minor") or 0),
            patch=int(found.group("patch") or 0),
            prerelease=found.group("prerelease"),
            build=found.group("build"),
        )
