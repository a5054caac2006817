# wrong: returns the version part as the text it was given, not as a Version.
class SpecItem:
    @classmethod
    def parse(cls, requirement_string):
        if not requirement_string:
            raise ValueError("Invalid empty requirement specification: %r" % requirement_string)
        if requirement_string == "*":
            return (cls.KIND_ANY, "")
        match = cls.re_spec.match(requirement_string)
        if not match:
            raise ValueError("Invalid requirement specification: %r" % requirement_string)
        kind, version = match.groups()
        return (cls.KIND_ALIASES.get(kind, kind), version)
