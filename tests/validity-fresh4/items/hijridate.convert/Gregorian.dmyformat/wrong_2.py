# wrong: the year in two digits (strftime's %y) instead of YYYY.
class Gregorian:
    def dmyformat(self, separator="/", *, padding=True):
        day = "%02d" % self.day if padding else str(self.day)
        month = "%02d" % self.month if padding else str(self.month)
        return separator.join([day, month, self.strftime("%y")])
