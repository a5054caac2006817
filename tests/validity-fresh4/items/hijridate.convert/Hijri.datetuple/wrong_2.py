# wrong: the parts of the ISO text, so strings ("1410", "08", "13") instead of integers.
class Hijri:
    def datetuple(self):
        return tuple(self.isoformat().split("-"))
