# wrong: ignores padding=False (day and month are always zero-padded).
class Hijri:
    def dmyformat(self, separator="/", *, padding=True):
        return separator.join(["%02d" % self.day, "%02d" % self.month, str(self.year)])
