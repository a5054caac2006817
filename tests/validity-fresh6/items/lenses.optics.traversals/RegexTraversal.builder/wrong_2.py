# wrong: the traversal's flags are ignored.
class RegexTraversal:
    def builder(self, state, values):
        import re

        pieces = []
        position = 0
        values = list(values)
        for index, match in enumerate(re.finditer(self.pattern, state)):
            pieces.append(state[position:match.start()])
            pieces.append(values[index])
            position = match.end()
        pieces.append(state[position:])
        return "".join(pieces)
