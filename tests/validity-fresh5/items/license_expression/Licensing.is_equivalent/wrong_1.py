# wrong: compares the parsed expressions' texts without simplifying them (order and duplicates count).
class Licensing:
    def is_equivalent(self, expression1, expression2, **kwargs):
        return str(self.parse(expression1, **kwargs)) == str(self.parse(expression2, **kwargs))
