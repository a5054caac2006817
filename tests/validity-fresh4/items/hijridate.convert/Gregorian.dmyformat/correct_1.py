# correct: day, month, year joined by the separator; day and month zero-padded to two digits
# unless padding is False.
class Gregorian:
    def dmyformat(self, separator="/", *, padding=True):
        width = 2 if padding else 0
        day = str(self.day).rjust(width, "0")
        month = str(self.month).rjust(width, "0")
        return "{0}{3}{1}{3}{2}".format(day, month, self.year, separator)
