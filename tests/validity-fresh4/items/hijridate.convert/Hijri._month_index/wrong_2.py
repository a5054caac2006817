# wrong: forgets the table's offset (the months before the first year in the table).
class Hijri:
    def _month_index(self):
        return (self.year - 1) * 12 + self.month - 1
