# wrong: does not accept bytes (String allows them); anything but str raises TypeError.
class Version:
    @classmethod
    def parse(cls, version, optional_minor_and_patch=False):
        if not isinstance(version, str):
            raise TypeError("not expecting type %r" % type(version))
        pattern = cls._REGEX_OPTIONAL_MINOR_AND_PATCH if optional_minor_and_patch else cls._REGEX
        found = pattern.match(version)
        if found is None:
            raise ValueError("%s is not valid SemVer string" % version)
        parts = found.groupdict()
        return cls(int(parts["major"]), int(parts["minor"] or 0), int(parts["patch"] or 0),
                   parts["prerelease"], parts["build"])
