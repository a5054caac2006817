# wrong: the instance's whole __dict__ (it also holds the cached Julian day '_jd').
class CalendarDateMixin:
    def dict(self):
        return dict(vars(self))
