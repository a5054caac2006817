# wrong: compares only major, minor and patch, ignoring the prerelease (2.0.0-rc.1 counts as
# equal to 2.0.0).
class Version:
    def match(self, match_expr):
        prefix = match_expr[:2]
        if prefix in (">=", "<=", "==", "!="):
            rest = match_expr[2:]
        elif prefix[:1] in (">", "<"):
            prefix, rest = prefix[:1], match_expr[1:]
        elif match_expr[:1].isdigit():
            prefix, rest = "==", match_expr
        else:
            raise ValueError("invalid match expression: %r" % match_expr)
        other = type(self).parse(rest)
        c = _cmp(self.to_tuple()[:3], other.to_tuple()[:3])
        return {
            "<": c < 0, ">": c > 0, "<=": c <= 0, ">=": c >= 0, "==": c == 0, "!=": c != 0,
        }[prefix]
