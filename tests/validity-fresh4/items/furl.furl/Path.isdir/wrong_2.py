# wrong: an empty path (no segments) is not a directory.
class Path:
    @property
    def isdir(self):
        return bool(self.segments) and self.segments[-1] == ''
