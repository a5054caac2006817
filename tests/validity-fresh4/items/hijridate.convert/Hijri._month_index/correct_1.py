# correct: the months before this one counted from year 1, month 1, less the HIJRI_OFFSET months
# before the table starts.
class Hijri:
    def _month_index(self):
        months_before = (self.year - 1) * 12 + (self.month - 1)
        return months_before - ummalqura.HIJRI_OFFSET
