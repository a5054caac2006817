# wrong: every occurrence of a match's text is replaced by that match's value (str.replace), so equal matches all take the first value.
class RegexTraversal:
    def builder(self, state, values):
        import re

        result = state
        for match, value in zip(list(re.finditer(self.pattern, state, flags=self.flags)), values):
            result = result.replace(match.group(0), value)
        return result
