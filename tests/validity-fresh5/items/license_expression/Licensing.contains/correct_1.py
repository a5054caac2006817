# correct: both expressions parsed (kwargs passed on) and simplified; the second must be in the first.
class Licensing:
    def contains(self, expression1, expression2, **kwargs):
        container, member = (self.parse(e, **kwargs).simplify() for e in (expression1, expression2))
        return container.__contains__(member)
