# wrong: the containment is tested the other way round (expression1 in expression2).
class Licensing:
    def contains(self, expression1, expression2, **kwargs):
        ex1 = self.parse(expression1, **kwargs).simplify()
        ex2 = self.parse(expression2, **kwargs).simplify()
        return ex1 in ex2
