# wrong: off by one in the length check, so a three-part release ("1.2.3") gives 0.
class Version:
    @property
    def micro(self):
        return self.release[2] if len(self.release) > 3 else 0
