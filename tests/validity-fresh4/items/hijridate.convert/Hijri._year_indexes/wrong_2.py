# wrong: counts the months before the year from year * 12 instead of (year - 1) * 12 (a year late).
class Hijri:
    def _year_indexes(self):
        first = self.year * 12 - ummalqura.HIJRI_OFFSET
        return first, first + 11
