# correct: splits operator and version with a regular expression and maps the operator to a
# function of the comparison result.
import re


class Version:
    def match(self, match_expr):
        found = re.match(r"^(<=|>=|==|!=|<|>)?(.*)$", match_expr)
        op, rest = found.group(1), found.group(2)
        if op is None:
            if not rest[:1].isdigit():
                raise ValueError(
                    "match_expr parameter should be in format <op><ver>, where <op> is one "
                    "of ['<', '>', '==', '<=', '>=', '!=']. You provided: %r" % match_expr
                )
            op = "=="
        result = self.compare(rest)
        checks = {
            "<": lambda c: c < 0,
            ">": lambda c: c > 0,
            "<=": lambda c: c <= 0,
            ">=": lambda c: c >= 0,
            "==": lambda c: c == 0,
            "!=": lambda c: c != 0,
        }
        return checks[op](result)
