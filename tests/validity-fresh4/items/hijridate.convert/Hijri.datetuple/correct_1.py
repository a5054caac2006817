# correct: the (year, month, day) tuple, read through the public properties.
class Hijri:
    def datetuple(self):
        return tuple([self.year, self.month, self.day])
