# correct: day, month, year joined by the separator; day and month zero-padded to two digits
# unless padding is False.
class Hijri:
    def dmyformat(self, separator="/", *, padding=True):
        if padding:
            day, month = "%02d" % self.day, "%02d" % self.month
        else:
            day, month = str(self.day), str(self.month)
        return separator.join([day, month, str(self.year)])
