# correct: parses each expression (kwargs passed on), simplifies both, compares the results.
class Licensing:
    def is_equivalent(self, expression1, expression2, **kwargs):
        simplified = []
        for expression in (expression1, expression2):
            parsed = self.parse(expression, **kwargs)
            simplified.append(parsed.simplify() if parsed is not None else None)
        return simplified[0] == simplified[1]
