# wrong: counts the month itself (month instead of month - 1): one index too far.
class Hijri:
    def _month_index(self):
        return (self.year - 1) * 12 + self.month - ummalqura.HIJRI_OFFSET
