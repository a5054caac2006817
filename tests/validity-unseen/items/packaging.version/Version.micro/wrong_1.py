# wrong: takes the last release item instead of the third ("1.2.3.4" gives 4).
class Version:
    @property
    def micro(self):
        return self.release[-1] if len(self.release) >= 3 else 0
