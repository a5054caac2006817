# correct: (kind, spec) read by hand: "*" is the any-kind with an empty spec; otherwise the
# longest operator prefix among the kinds (aliases "=" and "" mapped to "=="), the rest a partial
# Version; an empty or unmatched string raises ValueError.
class SpecItem:
    @classmethod
    def parse(cls, requirement_string):
        if not requirement_string:
            raise ValueError("Invalid empty requirement specification: %r" % requirement_string)
        if requirement_string == cls.KIND_ANY:
            return (cls.KIND_ANY, "")
        kind = ""
        for op in ("<=", ">=", "==", "!=", "~=", "<", ">", "=", "^", "~"):
            if requirement_string.startswith(op):
                kind = op
                break
        rest = requirement_string[len(kind):]
        if not rest or not rest[0].isdigit():
            raise ValueError("Invalid requirement specification: %r" % requirement_string)
        kind = cls.KIND_ALIASES.get(kind, kind)
        return (kind, Version(rest, partial=True))
