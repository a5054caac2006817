# wrong: month and day are not zero-padded (1410-8-3 instead of 1410-08-03).
class Hijri:
    def isoformat(self):
        return "{}-{}-{}".format(self.year, self.month, self.day)
