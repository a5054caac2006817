# correct: each match of the pattern (with the traversal's flags), in order, replaced by the next value, the text between kept.
class RegexTraversal:
    def builder(self, state, values):
        import re

        pieces = []
        position = 0
        values = list(values)
        for index, match in enumerate(re.finditer(self.pattern, state, flags=self.flags)):
            pieces.append(state[position:match.start()])
            pieces.append(values[index])
            position = match.end()
        pieces.append(state[position:])
        return "".join(pieces)
