# wrong: takes a file to be a last segment with an extension (a "." in it).
class Path:
    @property
    def isfile(self):
        return bool(self.segments) and '.' in self.segments[-1]
