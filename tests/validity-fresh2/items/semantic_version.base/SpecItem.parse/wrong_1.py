# wrong: keeps the alias kinds as written: "=1.0.0" gives kind "=" and "1.0.0" kind "", not "==".
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
        return (kind, Version(version, partial=True))
