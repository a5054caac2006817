# wrong: ignores optional_minor_and_patch; always uses the strict regex.
class Version:
    @classmethod
    def parse(cls, version, optional_minor_and_patch=False):
        if isinstance(version, bytes):
            version = version.decode("UTF-8")
        elif not isinstance(version, str):
            raise TypeError("not expecting type %r" % type(version))
        found = cls._REGEX.match(version)
        if found is None:
            raise ValueError("%s is not valid SemVer string" % version)
        parts = found.groupdict()
        return cls(int(parts["major"]), int(parts["minor"]), int(parts["patch"]),
                   parts["prerelease"], parts["build"])
