# wrong: returns a list instead of a tuple.
class Hijri:
    def datetuple(self):
        return [self.year, self.month, self.day]
