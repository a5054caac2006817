# correct: YYYY-MM-DD with the year in four digits and month and day in two, zero-padded.
class Hijri:
    def isoformat(self):
        year, month, day = self.datetuple()
        return "%04d-%02d-%02d" % (year, month, day)
