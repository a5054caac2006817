# wrong: the ISO text of the corresponding Gregorian date instead of the Hijri date.
class Hijri:
    def isoformat(self):
        return self.to_gregorian().isoformat()
