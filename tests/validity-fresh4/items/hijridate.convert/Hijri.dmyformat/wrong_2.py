# wrong: the separator is used only between day and month; the year always follows a "/".
class Hijri:
    def dmyformat(self, separator="/", *, padding=True):
        if padding:
            day, month = "%02d" % self.day, "%02d" % self.month
        else:
            day, month = str(self.day), str(self.month)
        return day + separator + month + "/" + str(self.year)
