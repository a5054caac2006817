# wrong: with padding=False only the day loses its leading zero; the month keeps it.
class Gregorian:
    def dmyformat(self, separator="/", *, padding=True):
        day = "%02d" % self.day if padding else str(self.day)
        month = "%02d" % self.month
        return separator.join([day, month, str(self.year)])
