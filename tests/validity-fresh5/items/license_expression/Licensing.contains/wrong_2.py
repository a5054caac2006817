# wrong: the extra kwargs are not passed down to parse() (validate=True, simple=True ignored).
class Licensing:
    def contains(self, expression1, expression2, **kwargs):
        ex1 = self.parse(expression1).simplify()
        ex2 = self.parse(expression2).simplify()
        return ex2 in ex1
