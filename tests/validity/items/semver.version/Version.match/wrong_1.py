# wrong: checks the one-character operators first, so ">=1.0.0" is read as ">" and "=1.0.0".
class Version:
    def match(self, match_expr):
        if match_expr[:1] in ("<", ">"):
            op, rest = match_expr[:1], match_expr[1:]
        elif match_expr[:2] in (">=", "<=", "==", "!="):
            op, rest = match_expr[:2], match_expr[2:]
        elif match_expr[:1].isdigit():
            op, rest = "==", match_expr
        else:
            raise ValueError("invalid match expression: %r" % match_expr)
        c = self.compare(rest)
        return {
            "<": c < 0, ">": c > 0, "<=": c <= 0, ">=": c >= 0, "==": c == 0, "!=": c != 0,
        }[op]
