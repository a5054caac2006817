# wrong: the extra kwargs are not passed down to parse() (validate=True, simple=True ignored).
class Licensing:
    def is_equivalent(self, expression1, expression2, **kwargs):
        first = self.parse(expression1)
        second = self.parse(expression2)
        first = first.simplify() if first is not None else None
        second = second.simplify() if second is not None else None
        return first == second
